import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionCookie } from "../../auth/cookie";
import { createApiHarness, type ApiHarness } from "../../testing/api-harness";

let h: ApiHarness;
beforeAll(async () => {
  h = await createApiHarness();
});
afterAll(async () => {
  await h.close();
});

describe("/api/auth", () => {
  it("signs in, reports the session and signs out on the server", async () => {
    const { token, email } = await h.signIn();
    expect(token).toMatch(/^[\w-]{43}$/);

    const session = await (await h.request("/auth/session", { token })).json();
    expect(session.user.email).toBe(email);
    expect(session.user.roles).toEqual([]);
    expect(session.sessionToken).toBe(token);
    expect(new Date(session.expires).getTime()).toBeGreaterThan(Date.now());

    const logout = await h.request("/auth/logout", { token });
    expect(logout.status).toBe(200);
    const after = await (await h.request("/auth/session", { token })).json();
    expect(after.user).toBeNull();
  });

  it("gives a new token at every sign-in and retires the one presented", async () => {
    const { token, email, password } = await h.signIn();
    const again = await h.request("/auth/login", { method: "POST", json: { email, password }, token });
    const body = await again.json();
    expect(body.sessionToken).not.toBe(token);
    expect((await (await h.request("/auth/session", { token })).json()).user).toBeNull();
    expect((await (await h.request("/auth/session", { token: body.sessionToken })).json()).user.email).toBe(email);
  });

  it("answers the same message for an unknown email and a wrong password", async () => {
    const { email } = await h.signIn();
    const wrong = await h.request("/auth/login", { method: "POST", json: { email, password: "nope-nope" }, clientIp: "192.0.2.10" });
    const unknown = await h.request("/auth/login", { method: "POST", json: { email: "ghost@example.com", password: "nope-nope" }, clientIp: "192.0.2.11" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect((await wrong.json()).detail).toBe((await unknown.json()).detail);
  });

  it("validates input in the error shape", async () => {
    const response = await h.request("/auth/login", { method: "POST", json: { email: "not-an-email" } });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toMatchObject({ status_code: 400, detail: expect.any(String) });
    expect(body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["email", "password"]);
  });

  it("rate-limits sign-in per client address at 10 a minute", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await h.request("/auth/login", { method: "POST", json: { email: `nobody${i}@example.com`, password: "x" }, clientIp: "198.51.100.7" });
      statuses.push(r.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it("registers non-admin users and refuses common passwords and duplicates", async () => {
    const ok = await h.request("/auth/register", { method: "POST", json: { email: "new@example.com", password: "a long passphrase" } });
    expect(ok.status).toBe(200);
    expect((await ok.json()).user.roles).toEqual([]);
    const dup = await h.request("/auth/register", { method: "POST", json: { email: "NEW@example.com", password: "another passphrase" } });
    expect(dup.status).toBe(409);
    const common = await h.request("/auth/register", { method: "POST", json: { email: "c@example.com", password: "password123" } });
    expect(common.status).toBe(400);
    const long = "é".repeat(64) + "x";
    const longOk = await h.request("/auth/register", { method: "POST", json: { email: "long@example.com", password: long } });
    expect(longOk.status).toBe(200);
    const login = await h.request("/auth/login", { method: "POST", json: { email: "long@example.com", password: long.slice(0, -1) } });
    expect(login.status).toBe(401);
  });

  it("accepts the session cookie and refuses cross-site cookie state changes", async () => {
    const { token } = await h.signIn();
    const cookie = await sessionCookie().serialize(token);
    const session = await (await h.request("/auth/session", { headers: { cookie } })).json();
    expect(session.user).not.toBeNull();
    const crossSite = await h.request("/auth/logout", { method: "POST", headers: { cookie, origin: "https://evil.example", "sec-fetch-site": "cross-site" } });
    expect(crossSite.status).toBe(403);
    expect((await crossSite.json()).detail).toMatch(/Cross-site/);
    const sameSite = await h.request("/auth/logout", { method: "POST", headers: { cookie, origin: "http://localhost", "sec-fetch-site": "same-origin" } });
    expect(sameSite.status).toBe(200);
  });

  it("answers unknown paths with 404 in the error shape, and serves the OpenAPI document", async () => {
    const missing = await h.request("/no/such/thing");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ detail: "Not Found", status_code: 404, errors: [] });
    const doc = await (await h.request("/openapi.json")).json();
    expect(doc.paths["/api/auth/login"].post).toBeDefined();
  });

  it("refuses bodies over the limit with 413 before parsing", async () => {
    const big = "x".repeat(1024 * 1024 + 10);
    const response = await h.request("/auth/login", { method: "POST", body: big, headers: { "content-type": "application/json" } });
    expect(response.status).toBe(413);
    expect((await response.json()).detail).toMatch(/1 MiB/);
  });
});
