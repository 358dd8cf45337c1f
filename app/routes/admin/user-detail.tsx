import { ComingSoon } from "~/components/coming-soon";
import { pageMeta, type MetaArgsLike } from "~/utils/meta";

export const meta = (args: MetaArgsLike) => pageMeta(args, { title: "User", description: "Site administration.", noIndex: true });

export default function UserDetail() {
  return <ComingSoon title={"User"} />;
}
