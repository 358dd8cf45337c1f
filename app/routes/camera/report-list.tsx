import { ComingSoon } from "~/components/coming-soon";
import { pageMeta, type MetaArgsLike } from "~/utils/meta";

export const meta = (args: MetaArgsLike) => pageMeta(args, { title: "Camera reports", description: "Recent camera capability reports from Android devices, uploaded by the Camera Probe app." });

export default function Reports() {
  return <ComingSoon title={"Camera reports"} />;
}
