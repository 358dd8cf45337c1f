import { ComingSoon } from "~/components/coming-soon";

export const meta = () => [{ title: "Camera report" }];

export default function Report() {
  return <ComingSoon title={"Camera report"} />;
}
