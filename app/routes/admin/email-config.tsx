import { ComingSoon } from "~/components/coming-soon";
import { pageMeta, type MetaArgsLike } from "~/utils/meta";

export const meta = (args: MetaArgsLike) => pageMeta(args, { title: "Email Config", description: "Site administration.", noIndex: true });

export default function EmailConfig() {
  return <ComingSoon title={"Email Config"} />;
}
