import { ComingSoon } from "~/components/coming-soon";

export const meta = () => [{ title: "Site health" }];

export default function SiteHealth() {
  return <ComingSoon title={"Site health"} />;
}
