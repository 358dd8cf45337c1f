import { ComingSoon } from "~/components/coming-soon";

export const meta = () => [{ title: "URL Decoder & Encoder" }];

export default function UrlDecodeEncode() {
  return <ComingSoon title={"URL Decoder & Encoder"} />;
}
