import { ComingSoon } from "~/components/coming-soon";

export const meta = () => [{ title: "Change password" }];

export default function UserChangePassword() {
  return <ComingSoon title={"Change password"} />;
}
