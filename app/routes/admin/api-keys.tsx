import { ComingSoon } from "~/components/coming-soon";

export const meta = () => [{ title: "API Keys" }];

export default function ApiKeys() {
  return <ComingSoon title={"API Keys"} />;
}
