import { ComingSoon } from "~/components/coming-soon";

export const meta = () => [{ title: "Edit wonder item" }];

export default function WonderEdit() {
  return <ComingSoon title={"Edit wonder item"} />;
}
