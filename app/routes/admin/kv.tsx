import { ComingSoon } from "~/components/coming-soon";
import { pageMeta, type MetaArgsLike } from "~/utils/meta";

export const meta = (args: MetaArgsLike) => pageMeta(args, { title: "Key/value store", description: "Site administration.", noIndex: true });

export default function Kv() {
  return <ComingSoon title={"Key/value store"} />;
}
