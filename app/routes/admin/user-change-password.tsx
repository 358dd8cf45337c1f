import { ComingSoon } from "~/components/coming-soon";
import { pageMeta, type MetaArgsLike } from "~/utils/meta";

export const meta = (args: MetaArgsLike) => pageMeta(args, { title: "Change password", description: "Site administration.", noIndex: true });

export default function UserChangePassword() {
  return <ComingSoon title={"Change password"} />;
}
