import { ComingSoon } from "~/components/coming-soon";

export const meta = () => [{ title: "Email Config" }];

export default function EmailConfig() {
  return <ComingSoon title={"Email Config"} />;
}
