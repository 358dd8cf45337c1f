import { data } from "react-router";
import { NotFoundView } from "~/components/error-views";

export function loader() {
  return data(null, { status: 404 });
}

export function action() {
  return data(null, { status: 404 });
}

export const meta = () => [{ title: "Not Found" }];

export default function NotFound() {
  return <NotFoundView />;
}
