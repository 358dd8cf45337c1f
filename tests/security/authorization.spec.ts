// Authorization matrix for pages: every admin page, its .data URL and its form posts, as visitor,
// signed-in user and administrator. The routes come from app/routes.ts, so a new page cannot slip through.
import { expect, test } from "../fixtures";
import { openClients, type Clients } from "./clients";
import { dataUrl, pageRoutes } from "./route-inventory";

const routes = pageRoutes();
const adminRoutes = routes.filter((r) => r.admin);
const signedInRoutes = routes.filter((r) => r.signedIn && !r.admin);

let clients: Clients;
// oxlint-disable-next-line no-empty-pattern -- Playwright needs the pattern; no fixture is used
test.beforeAll(async ({}, testInfo) => {
  clients = await openClients(testInfo.project.use.baseURL!);
});
test.afterAll(async () => {
  await clients?.dispose();
});
// Plain HTTP, no browser: the same with JavaScript on or off, so it runs once.
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "HTTP only; runs in the js project");

/**
 * React Router answers a data request's redirect as 202 with a turbo-stream payload naming the target (GET:
 * SingleFetchRedirect, POST: the action's redirect); a document request gets a plain 3xx.
 */
function redirectsTo(
  status: number,
  location: string | undefined,
  body: string,
  target: "/account/login" | "/",
): boolean {
  if (status >= 300 && status < 400) return target === "/" ? location === "/" : (location ?? "").startsWith(target);
  return status === 202 && body.includes(target === "/" ? '"redirect","/",' : `"redirect","${target}`);
}

const loginTarget = (url: string) => `/account/login?callbackUrl=${encodeURIComponent(url)}`;

test("the route config lists the admin pages (the inventory itself works)", () => {
  expect(adminRoutes.map((r) => r.pattern)).toEqual(
    expect.arrayContaining(["/admin", "/admin/common/users", "/admin/common/api_keys", "/admin/common/site/data"]),
  );
  expect(routes.filter((r) => !r.admin).map((r) => r.pattern)).toEqual(
    expect.arrayContaining(["/", "/contact", "/account/login"]),
  );
});

test("admin pages: visitors go to sign-in, users go home, only the administrator gets the page", async () => {
  const failures: string[] = [];
  for (const route of adminRoutes) {
    const visitor = await clients.visitor.get(route.url, { maxRedirects: 0 });
    if (visitor.status() !== 302 || visitor.headers().location !== loginTarget(route.url))
      failures.push(`${route.url} visitor: ${visitor.status()} → ${visitor.headers().location}`);
    const user = await clients.user.get(route.url, { maxRedirects: 0 });
    if (user.status() !== 302 || user.headers().location !== "/")
      failures.push(`${route.url} user: ${user.status()} → ${user.headers().location}`);
    const admin = await clients.admin.get(route.url, { maxRedirects: 0 });
    const location = admin.headers().location ?? "";
    if (admin.status() >= 500 && admin.status() !== 503) failures.push(`${route.url} admin: ${admin.status()}`);
    if (location.startsWith("/account/login") || location === "/")
      failures.push(`${route.url} admin redirected to ${location}`);
    if (admin.status() === 200 && admin.headers()["cache-control"] !== "no-store")
      failures.push(`${route.url} admin: Cache-Control ${admin.headers()["cache-control"]}`);
  }
  expect(failures.join("\n")).toBe("");
});

test("admin .data URLs: visitors and users get a redirect, the administrator the data (never cached)", async () => {
  const failures: string[] = [];
  for (const route of adminRoutes) {
    const url = dataUrl(route.url);
    for (const [who, client, target] of [
      ["visitor", clients.visitor, "/account/login"],
      ["user", clients.user, "/"],
    ] as const) {
      const response = await client.get(url, { maxRedirects: 0 });
      const body = await response.text();
      if (!redirectsTo(response.status(), response.headers().location, body, target))
        failures.push(`${url} ${who}: ${response.status()} ${body.slice(0, 120)}`);
    }
    const admin = await clients.admin.get(url, { maxRedirects: 0 });
    const body = await admin.text();
    if (
      redirectsTo(admin.status(), admin.headers().location, body, "/account/login") ||
      redirectsTo(admin.status(), admin.headers().location, body, "/")
    )
      failures.push(`${url} admin redirected: ${body.slice(0, 120)}`);
    if (admin.status() >= 500 && admin.status() !== 503) failures.push(`${url} admin: ${admin.status()}`);
    if (admin.status() === 200 && admin.headers()["cache-control"] !== "no-store")
      failures.push(`${url} admin: Cache-Control ${admin.headers()["cache-control"]}`);
  }
  expect(failures.join("\n")).toBe("");
});

test("admin posts (page and .data) from visitors and users are redirected or refused before any action runs", async ({
  baseURL,
}) => {
  const failures: string[] = [];
  for (const route of adminRoutes) {
    for (const [who, client, target] of [
      ["visitor", clients.visitor, "/account/login"],
      ["user", clients.user, "/"],
    ] as const) {
      for (const url of [route.url, dataUrl(route.url)]) {
        const response = await client.post(url, {
          form: { intent: "delete", id: "00000000-0000-4000-8000-000000000000" },
          headers: { origin: baseURL! },
          maxRedirects: 0,
        });
        const body = await response.text();
        // A page whose action takes no such fields refuses the post at the gate, before React Router: no action
        // runs either way.
        const refusedAtGate = response.status() === 400 && body.includes("HTTP 400: Form not accepted");
        if (!refusedAtGate && !redirectsTo(response.status(), response.headers().location, body, target))
          failures.push(`POST ${url} ${who}: ${response.status()} ${body.slice(0, 100)}`);
      }
    }
  }
  expect(failures.join("\n")).toBe("");
});

test("signed-in pages (profile, settings): visitors go to sign-in, users get them", async () => {
  const failures: string[] = [];
  for (const route of signedInRoutes) {
    const visitor = await clients.visitor.get(route.url, { maxRedirects: 0 });
    if (visitor.status() !== 302 || visitor.headers().location !== loginTarget(route.url))
      failures.push(`${route.url} visitor: ${visitor.status()} → ${visitor.headers().location}`);
    const user = await clients.user.get(route.url, { maxRedirects: 0 });
    if (user.status() !== 200) failures.push(`${route.url} user: ${user.status()}`);
  }
  expect(failures.join("\n")).toBe("");
});
