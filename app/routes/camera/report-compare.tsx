import { ComingSoon } from "~/components/coming-soon";

export const meta = () => [{ title: "Compare reports" }];

export default function Compare() {
  return <ComingSoon title={"Compare reports"} />;
}
