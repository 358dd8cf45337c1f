import { ComingSoon } from "~/components/coming-soon";

export const meta = () => [{ title: "Admin" }];

export default function AdminHome() {
  return <ComingSoon title={"Admin"} />;
}
