import { ComingSoon } from "~/components/coming-soon";

export const meta = () => [{ title: "Profile" }];

export default function Profile() {
  return <ComingSoon title={"Profile"} />;
}
