import { ComingSoon } from "~/components/coming-soon";
import { pageMeta, type MetaArgsLike } from "~/utils/meta";

export const meta = (args: MetaArgsLike) => pageMeta(args, { title: "Edit wonder item", description: "Site administration.", noIndex: true });

export default function WonderEdit() {
  return <ComingSoon title={"Edit wonder item"} />;
}
