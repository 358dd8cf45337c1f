import { ComingSoon } from "~/components/coming-soon";

export const meta = () => [{ title: "Camera reports" }];

export default function Reports() {
  return <ComingSoon title={"Camera reports"} />;
}
