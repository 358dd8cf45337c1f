import { ComingSoon } from "~/components/coming-soon";

export const meta = () => [{ title: "Wonder items" }];

export default function WonderItems() {
  return <ComingSoon title={"Wonder items"} />;
}
