import { ComingSoon } from "~/components/coming-soon";
import { pageMeta, type MetaArgsLike } from "~/utils/meta";

export const meta = (args: MetaArgsLike) => pageMeta(args, { title: "API Keys", description: "Site administration.", noIndex: true });

export default function ApiKeys() {
  return <ComingSoon title={"API Keys"} />;
}
