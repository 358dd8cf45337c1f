import { ComingSoon } from "~/components/coming-soon";
import { pageMeta, type MetaArgsLike } from "~/utils/meta";

export const meta = (args: MetaArgsLike) => pageMeta(args, { title: "Admin: Users", description: "Site administration.", noIndex: true });

export default function Users() {
  return <ComingSoon title={"Admin: Users"} />;
}
