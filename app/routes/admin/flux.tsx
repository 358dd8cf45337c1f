import { ComingSoon } from "~/components/coming-soon";
import { pageMeta, type MetaArgsLike } from "~/utils/meta";

export const meta = (args: MetaArgsLike) => pageMeta(args, { title: "Flux image generation", description: "Site administration.", noIndex: true });

export default function Flux() {
  return <ComingSoon title={"Flux image generation"} />;
}
