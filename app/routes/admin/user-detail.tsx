import { ComingSoon } from "~/components/coming-soon";

export const meta = () => [{ title: "User" }];

export default function UserDetail() {
  return <ComingSoon title={"User"} />;
}
