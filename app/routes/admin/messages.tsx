import { ComingSoon } from "~/components/coming-soon";

export const meta = () => [{ title: "Contact messages" }];

export default function Messages() {
  return <ComingSoon title={"Contact messages"} />;
}
