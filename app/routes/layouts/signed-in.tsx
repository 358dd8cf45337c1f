import { Outlet } from "react-router";
import type { Route } from "./+types/signed-in";
import { requireUserMiddleware } from "#app/utils/auth.server.ts";

export const middleware: Route.MiddlewareFunction[] = [requireUserMiddleware];

export default function SignedInLayout() {
  return <Outlet />;
}
