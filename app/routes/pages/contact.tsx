import { ComingSoon } from "~/components/coming-soon";
import { pageMeta, type MetaArgsLike } from "~/utils/meta";

export const meta = (args: MetaArgsLike) => pageMeta(args, { title: "Contact Us", description: "Send the site's owners a message." });

export default function Contact() {
  return <ComingSoon title={"Contact Us"} />;
}
