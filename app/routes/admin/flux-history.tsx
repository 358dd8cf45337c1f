import { ComingSoon } from "~/components/coming-soon";

export const meta = () => [{ title: "Flux history" }];

export default function FluxHistory() {
  return <ComingSoon title={"Flux history"} />;
}
