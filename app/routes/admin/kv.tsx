import { ComingSoon } from "~/components/coming-soon";

export const meta = () => [{ title: "Key/value store" }];

export default function Kv() {
  return <ComingSoon title={"Key/value store"} />;
}
