import { ComingSoon } from "~/components/coming-soon";

export const meta = () => [{ title: "Site Vars" }];

export default function SiteVars() {
  return <ComingSoon title={"Site Vars"} />;
}
