import { ComingSoon } from "~/components/coming-soon";
import { pageMeta, type MetaArgsLike } from "~/utils/meta";

export const meta = (args: MetaArgsLike) => pageMeta(args, { title: "Flux history", description: "Site administration.", noIndex: true });

export default function FluxHistory() {
  return <ComingSoon title={"Flux history"} />;
}
