import { lazy, Suspense, useEffect, useState } from "react";
import {
  createContext,
  data,
  Links,
  Meta,
  Outlet,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import "./utils/csp-safe-zod";
import { GenericErrorView } from "./components/error-views";
import { HydrationScripts } from "./components/hydration-scripts";
import { SiteFooter } from "./components/site-footer";
import { PlainLinksProvider } from "./components/link";
import { SiteHeader } from "./components/site-header";
import { sessionContext } from "./context";
import { sessionMiddleware } from "./utils/session.server";
import { getSiteSettings } from "./utils/site-settings.server";
import { siteOrigin } from "./utils/site-url.server";
import { pageMeta } from "./utils/meta";
import { flashMiddleware, readToast, takePendingFlash } from "./utils/toast.server";
import { useNonce } from "./utils/nonce";
import { themeBootScript } from "./utils/theme";
import { readThemeCookie } from "./utils/theme.server";
import { hydratedRoot, useHydrated } from "./utils/hydrated";
import { pageHydrates } from "./utils/hydration";
// Vite builds the file as a script of its own (a classic one, as workers are) and this is its hashed URL.
// oxlint-disable-next-line import/default -- the default export comes from Vite's ?worker&url
import enhanceScriptUrl from "./enhance/enhance.ts?worker&url";

const NotificationArea = lazy(() => import("./components/toaster"));

// Starts reading the site settings before route middleware and loaders run (concurrent readers share the
// request), so a slow /api costs its time-out once, not once per step.
const siteSettingsContext = createContext<ReturnType<typeof getSiteSettings> | null>(null);
const prefetchSiteSettings: Route.MiddlewareFunction = ({ context }, next) => {
  context.set(siteSettingsContext, getSiteSettings(context));
  return next();
};

export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware, prefetchSiteSettings, flashMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = context.get(sessionContext);
  // An action of this very request (a form posted without JavaScript) may have left a message for this page.
  const pending = takePendingFlash();
  const { toast: cookieToast, headers } = await readToast(request);
  const toast = pending ?? cookieToast;
  const settings = await (context.get(siteSettingsContext) ?? getSiteSettings(context));
  const theme = await readThemeCookie(request);
  return data(
    { user, toast: toast ?? null, siteName: settings.siteName, origin: siteOrigin(request), theme },
    headers ? { headers } : undefined,
  );
}

/** A minimal-UI flag in the query (?minimal or ?minimal=1) hides the header and footer, as on /account pages. */
export function isHeaderHidden(pathname: string, search: string): boolean {
  if (pathname.startsWith("/account")) return true;
  const flag = new URLSearchParams(search).get("minimal");
  return flag !== null && flag !== "0" && flag !== "false";
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // The theme cookie (settings form, works without JavaScript); the boot script lets local storage override it.
  const theme = useRouteLoaderData<typeof loader>("root")?.theme;
  // Only a page whose route asks for it gets React in the browser: its module preloads, hydration data and entry.
  // Once React runs (a page that hydrated, then client navigation), it stays, scroll restoration included.
  const matches = useMatches();
  const hydrated = useHydrated();
  const hydrates = hydrated || pageHydrates(matches);
  // The layout's effects run once React has hydrated the page, an error's page too (app/utils/hydrated.ts).
  useEffect(hydratedRoot, []);
  return (
    <html
      lang="en"
      className={theme === "light" || theme === "dark" ? theme : undefined}
      data-hydrates={hydrates ? "" : undefined}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.png" type="image/png" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeBootScript }} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        <a
          href="#main"
          className={
            "sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 " +
            "focus:rounded focus:bg-white focus:px-3 focus:py-2 dark:focus:bg-zinc-900"
          }
        >
          Skip to content
        </a>
        <PlainLinksProvider value={!hydrates}>{children}</PlainLinksProvider>
        {hydrates ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <HydrationScripts nonce={nonce} />
          </>
        ) : (
          <script nonce={nonce} src={enhanceScriptUrl} defer />
        )}
      </body>
    </html>
  );
}

/** For pages without their own meta: the site name, the default description and this URL as canonical. */
export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "" });

export default function App() {
  const { user, toast, siteName } = useLoaderData<typeof loader>();
  const location = useLocation();
  const hydrated = useHydrated();
  const minimal = isHeaderHidden(location.pathname, location.search);
  // The message that came with the document stays in the page while the visitor is on it: turned into a toast at
  // hydration, its notice would go and move the page up under a finger about to tap (seconds after load on a slow
  // phone). Messages of later navigations and fetcher answers come as toasts.
  const [arrival] = useState(() => ({ flash: toast, locationKey: location.key }));
  const notice = !hydrated ? toast : location.key === arrival.locationKey ? arrival.flash : null;
  const laterFlash = toast === arrival.flash ? null : toast;
  return (
    <>
      {minimal ? null : <SiteHeader siteName={siteName} user={user} />}
      {notice ? <FlashNotice flash={notice} /> : null}
      <Outlet />
      {minimal ? null : <SiteFooter siteName={siteName} />}
      {hydrated ? (
        <Suspense fallback={null}>
          <NotificationArea flash={laterFlash} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * The flash message as part of the page: on every page without React, and on a page with React for the message
 * that came with the document.
 */
function FlashNotice({ flash }: { flash: { type: string; message: string; description?: string } }) {
  const tone =
    flash.type === "error"
      ? "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
      : "border-emerald-300 bg-emerald-50 text-emerald-900 " +
        "dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100";
  return (
    <div role={flash.type === "error" ? "alert" : "status"} className={`mx-auto mt-4 max-w-6xl px-4`}>
      <p className={`rounded-md border px-4 py-3 text-sm ${tone}`}>
        {flash.message}
        {flash.description ? <span className="block">{flash.description}</span> : null}
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <main id="main">
      <GenericErrorView error={error} />
    </main>
  );
}
