import { ComingSoon } from "~/components/coming-soon";
import { pageMeta, type MetaArgsLike } from "~/utils/meta";

export const meta = (args: MetaArgsLike) => pageMeta(args, { title: "Contact messages", description: "Site administration.", noIndex: true });

export default function Messages() {
  return <ComingSoon title={"Contact messages"} />;
}
