import { ComingSoon } from "~/components/coming-soon";

export const meta = () => [{ title: "JSON Pretty Formatter" }];

export default function JsonPrettyFormat() {
  return <ComingSoon title={"JSON Pretty Formatter"} />;
}
