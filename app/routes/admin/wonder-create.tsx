import { ComingSoon } from "~/components/coming-soon";
import { pageMeta, type MetaArgsLike } from "~/utils/meta";

export const meta = (args: MetaArgsLike) => pageMeta(args, { title: "Create wonder item", description: "Site administration.", noIndex: true });

export default function WonderCreate() {
  return <ComingSoon title={"Create wonder item"} />;
}
