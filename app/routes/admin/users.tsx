import { ComingSoon } from "~/components/coming-soon";

export const meta = () => [{ title: "Admin: Users" }];

export default function Users() {
  return <ComingSoon title={"Admin: Users"} />;
}
