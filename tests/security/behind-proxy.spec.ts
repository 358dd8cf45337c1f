// Behind a TLS proxy (TRUST_PROXY=1, NODE_ENV=production): HSTS when the proxy says https, the session cookie is
// __Host- and Secure, and the client address is the right-most X-Forwarded-For entry (the one the proxy added).
// Runs its own server with that setting.
import { expect, test } from "../fixtures";
import { ADMIN, startServer, type ServerProcess } from "../faults/support";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "HTTP only; runs in the js project");

// One server for the whole file: its tests run in one worker, in order.
test.describe.configure({ mode: "serial" });

let server: ServerProcess;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await startServer({ TRUST_PROXY: "1" });
});
test.afterAll(async () => {
  await server?.stop();
});

const https = { "x-forwarded-proto": "https", "x-forwarded-host": "site.example" };

test("HSTS is sent when the proxy reports HTTPS, and only then", async () => {
  const secure = await fetch(`${server.url}/`, { headers: https });
  expect(secure.headers.get("strict-transport-security")).toMatch(/max-age=\d{7,}/);
  const plain = await fetch(`${server.url}/`);
  expect(plain.headers.get("strict-transport-security")).toBeNull();
});

// This post also proves that forms work behind the proxy: React Router refuses an action whose Origin
// (https://…) differs from the URL the server sees, so the page request must carry the forwarded scheme and host.
test("the session cookie is __Host-session: Secure, HttpOnly, SameSite=Lax, Path=/, no Domain", async () => {
  const response = await fetch(`${server.url}/account/login`, {
    method: "POST",
    headers: { ...https, "content-type": "application/x-www-form-urlencoded", origin: "https://site.example" },
    body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password, callbackUrl: "/" }),
    redirect: "manual",
  });
  expect(response.status).toBe(302);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("__Host-session="));
  expect(cookie).toBeDefined();
  expect(cookie).toMatch(/; Secure/);
  expect(cookie).toMatch(/; HttpOnly/);
  expect(cookie).toMatch(/; SameSite=Lax/);
  expect(cookie).toMatch(/; Path=\//);
  expect(cookie).not.toMatch(/Domain=/i);
  const token = cookie!.split(";")[0]!;
  const session = (await (await fetch(`${server.url}/api/auth/session`, { headers: { cookie: token } })).json()) as {
    user: { email: string } | null;
  };
  expect(session.user?.email).toBe(ADMIN.email);
});

test("the client address is the right-most X-Forwarded-For entry, whatever the client wrote before it", async () => {
  const attempt = (forwardedFor: string, i: number) =>
    fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
      body: JSON.stringify({ email: `proxy-${i}@example.com`, password: "whatever" }),
    }).then((r) => r.status);
  const first: number[] = [];
  // A client that writes a new X-Forwarded-For of its own each time; the proxy appends the address it saw.
  for (let i = 0; i < 11; i++) first.push(await attempt(`203.0.113.${i}, 198.51.100.20`, i));
  expect(first).toEqual([...Array(10).fill(401), 429]);
  expect(await attempt("198.51.100.21", 0)).toBe(401);

  // What is stored as the sign-in address is the proxy's entry too.
  const signIn = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "6.6.6.6, 198.51.100.30" },
    body: JSON.stringify(ADMIN),
  });
  expect(signIn.status).toBe(200);
  const { sessionToken } = (await signIn.json()) as { sessionToken: string };
  const profile = (await (
    await fetch(`${server.url}/api/user/profile`, { headers: { authorization: `Bearer ${sessionToken}` } })
  ).json()) as Record<string, unknown>;
  expect(JSON.stringify(profile)).toContain('"last_login_ip":"198.51.100.30"');
});
