import { ComingSoon } from "~/components/coming-soon";

export const meta = () => [{ title: "Wonder tags" }];

export default function WonderTags() {
  return <ComingSoon title={"Wonder tags"} />;
}
