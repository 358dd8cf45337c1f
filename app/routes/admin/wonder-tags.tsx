import { ComingSoon } from "~/components/coming-soon";
import { pageMeta, type MetaArgsLike } from "~/utils/meta";

export const meta = (args: MetaArgsLike) => pageMeta(args, { title: "Wonder tags", description: "Site administration.", noIndex: true });

export default function WonderTags() {
  return <ComingSoon title={"Wonder tags"} />;
}
