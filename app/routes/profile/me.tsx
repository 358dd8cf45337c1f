import { ComingSoon } from "~/components/coming-soon";
import { pageMeta, type MetaArgsLike } from "~/utils/meta";

export const meta = (args: MetaArgsLike) => pageMeta(args, { title: "Profile", description: "Your profile on this site.", noIndex: true });

export default function Profile() {
  return <ComingSoon title={"Profile"} />;
}
