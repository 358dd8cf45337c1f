import { Outlet, useRouteLoaderData } from "react-router";
import { Link } from "#app/components/link.tsx";
import type { loader as rootLoader } from "#app/root.tsx";

// The sign-in flow has no header, so the site's name above the form says where one signs in.
export default function MinimalLayout() {
  const siteName = useRouteLoaderData<typeof rootLoader>("root")?.siteName;
  return (
    <main id="main" className="mx-auto flex min-h-screen max-w-md flex-col justify-center px-4 py-10">
      {siteName ? (
        <p className="mb-6 text-center">
          <Link to="/" className="text-xl font-bold text-zinc-900 no-underline hover:no-underline dark:text-zinc-100">
            {siteName}
          </Link>
        </p>
      ) : null}
      <Outlet />
    </main>
  );
}
