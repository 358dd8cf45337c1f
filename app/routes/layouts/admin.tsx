import { Outlet, useLocation, useNavigation } from "react-router";
import { Link } from "#app/components/link.tsx";
import type { Route } from "./+types/admin";
import { DeleteUndoOffer } from "#app/components/delete-button.tsx";
import { requireAdminMiddleware } from "#app/utils/auth.server.ts";
import { ADMIN_PATHS } from "#shared/admin-menu.ts";
import type { HydrationHandle } from "#app/utils/hydration.ts";

// The administrator area's forms check as they are filled and post without a reload, so its pages hydrate.
export const handle = { hydrate: true } satisfies HydrationHandle;

export const middleware: Route.MiddlewareFunction[] = [requireAdminMiddleware];

export default function AdminLayout() {
  const location = useLocation();
  const navigation = useNavigation();
  const onAdminHome = location.pathname.replace(/\/$/, "") === ADMIN_PATHS.home;
  const loadingAnotherPage = navigation.state === "loading" && navigation.location.pathname !== location.pathname;
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-6">
      {onAdminHome ? null : (
        <p className="mb-4">
          <Link to={ADMIN_PATHS.home} className="btn">
            Admin
          </Link>
        </p>
      )}
      {loadingAnotherPage ? (
        <p role="status" className="text-zinc-700 dark:text-zinc-300">
          Loading...
        </p>
      ) : (
        <Outlet />
      )}
      <DeleteUndoOffer />
    </main>
  );
}
