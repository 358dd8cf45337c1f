import { ComingSoon } from "~/components/coming-soon";
import { pageMeta, type MetaArgsLike } from "~/utils/meta";

export const meta = (args: MetaArgsLike) => pageMeta(args, { title: "Terms and privacy", description: "The site's terms and privacy policy." });

export default function Legal() {
  return <ComingSoon title={"Terms and privacy"} />;
}
