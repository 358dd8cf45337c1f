import { ComingSoon } from "~/components/coming-soon";
import { pageMeta, type MetaArgsLike } from "~/utils/meta";

export const meta = (args: MetaArgsLike) => pageMeta(args, { title: "Compare reports", description: "Compare the cameras of several Android devices side by side." });

export default function Compare() {
  return <ComingSoon title={"Compare reports"} />;
}
