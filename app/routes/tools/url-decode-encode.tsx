import { ComingSoon } from "~/components/coming-soon";
import { pageMeta, type MetaArgsLike } from "~/utils/meta";

export const meta = (args: MetaArgsLike) => pageMeta(args, { title: "URL Decoder & Encoder", description: "Decode and encode URL components and query strings." });

export default function UrlDecodeEncode() {
  return <ComingSoon title={"URL Decoder & Encoder"} />;
}
