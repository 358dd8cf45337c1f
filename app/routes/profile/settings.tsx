import { ComingSoon } from "~/components/coming-soon";
import { pageMeta, type MetaArgsLike } from "~/utils/meta";

export const meta = (args: MetaArgsLike) => pageMeta(args, { title: "Settings", description: "Your settings on this site.", noIndex: true });

export default function Settings() {
  return <ComingSoon title={"Settings"} />;
}
