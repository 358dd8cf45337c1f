import { ComingSoon } from "~/components/coming-soon";
import { pageMeta, type MetaArgsLike } from "~/utils/meta";

export const meta = (args: MetaArgsLike) => pageMeta(args, { title: "Camera report", description: "One Android device's camera capabilities: sensors, lenses, output sizes and modes." });

export default function Report() {
  return <ComingSoon title={"Camera report"} />;
}
