import { ComingSoon } from "~/components/coming-soon";

export const meta = () => [{ title: "Create wonder item" }];

export default function WonderCreate() {
  return <ComingSoon title={"Create wonder item"} />;
}
