import { ComingSoon } from "~/components/coming-soon";
import { pageMeta, type MetaArgsLike } from "~/utils/meta";

export const meta = (args: MetaArgsLike) => pageMeta(args, { title: "Connect a mail account", description: "Site administration.", noIndex: true });

export default function GmailConnect() {
  return <ComingSoon title="Connect a mail account" />;
}
