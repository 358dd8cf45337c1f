import { ComingSoon } from "~/components/coming-soon";

export const meta = () => [{ title: "Contact Us" }];

export default function Contact() {
  return <ComingSoon title={"Contact Us"} />;
}
