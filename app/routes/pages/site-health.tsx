import { ComingSoon } from "~/components/coming-soon";
import { pageMeta, type MetaArgsLike } from "~/utils/meta";

export const meta = (args: MetaArgsLike) => pageMeta(args, { title: "Site health", description: "Whether the site and its database are up.", noIndex: true });

export default function SiteHealth() {
  return <ComingSoon title={"Site health"} />;
}
