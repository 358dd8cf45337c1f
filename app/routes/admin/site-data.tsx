import { ComingSoon } from "~/components/coming-soon";

export const meta = () => [{ title: "Site Data" }];

export default function SiteData() {
  return <ComingSoon title={"Site Data"} />;
}
