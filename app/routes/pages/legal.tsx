import { ComingSoon } from "~/components/coming-soon";

export const meta = () => [{ title: "Terms and privacy" }];

export default function Legal() {
  return <ComingSoon title={"Terms and privacy"} />;
}
