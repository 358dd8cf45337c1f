import { ComingSoon } from "~/components/coming-soon";

export const meta = () => [{ title: "Flux image generation" }];

export default function Flux() {
  return <ComingSoon title={"Flux image generation"} />;
}
