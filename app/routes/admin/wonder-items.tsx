import { ComingSoon } from "~/components/coming-soon";
import { pageMeta, type MetaArgsLike } from "~/utils/meta";

export const meta = (args: MetaArgsLike) => pageMeta(args, { title: "Wonder items", description: "Site administration.", noIndex: true });

export default function WonderItems() {
  return <ComingSoon title={"Wonder items"} />;
}
