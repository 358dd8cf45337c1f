import { ComingSoon } from "~/components/coming-soon";

export const meta = () => [{ title: "Connect a mail account" }];

export default function GmailConnect() {
  return <ComingSoon title="Connect a mail account" />;
}
