import { ComingSoon } from "~/components/coming-soon";

export const meta = () => [{ title: "Settings" }];

export default function Settings() {
  return <ComingSoon title={"Settings"} />;
}
