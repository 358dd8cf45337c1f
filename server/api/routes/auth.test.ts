import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionCookie } from "#server/auth/cookie.ts";
import { findUserByEmail } from "#server/auth/users.ts";
import { config } from "#server/config.ts";
import { encryptSecret } from "#server/lib/crypto.ts";
import { openRegistration, type OpenRegistration } from "#tests/support/registration.ts";
import { createApiHarness, type ApiHarness } from "#tests/support/api-harness.ts";

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
    const wrong = await h.request("/auth/login", {
      method: "POST",
      json: { email, password: "nope-nope" },
      clientIp: "192.0.2.10",
    });
    const unknown = await h.request("/auth/login", {
      method: "POST",
      json: { email: "ghost@example.com", password: "nope-nope" },
      clientIp: "192.0.2.11",
    });
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
      const r = await h.request("/auth/login", {
        method: "POST",
        json: { email: `nobody${i}@example.com`, password: "x" },
        clientIp: "198.51.100.7",
      });
      statuses.push(r.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it("accepts the session cookie and refuses cross-site cookie state changes", async () => {
    const { token } = await h.signIn();
    const cookie = await sessionCookie().serialize(token);
    const session = await (await h.request("/auth/session", { headers: { cookie } })).json();
    expect(session.user).not.toBeNull();
    const crossSite = await h.request("/auth/logout", {
      method: "POST",
      headers: { cookie, origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(crossSite.status).toBe(403);
    expect((await crossSite.json()).detail).toMatch(/Cross-site/);
    const sameSite = await h.request("/auth/logout", {
      method: "POST",
      headers: { cookie, origin: "http://localhost", "sec-fetch-site": "same-origin" },
    });
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
    const response = await h.request("/auth/login", {
      method: "POST",
      body: big,
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(413);
    expect((await response.json()).detail).toMatch(/1 MiB/);
  });
});

describe("/api/auth/register", () => {
  it("is closed by default: nobody signs up, administrators create users", async () => {
    expect(config.registrationOpen).toBe(false);
    const response = await h.request("/auth/register", {
      method: "POST",
      json: { email: "closed@example.com", password: "a long passphrase" },
      clientIp: "192.0.2.40",
    });
    expect(response.status).toBe(403);
    expect((await response.json()).detail).toMatch(/Registration is closed/);
    expect(await findUserByEmail(h.database.db, "closed@example.com")).toBeNull();
    const admin = await h.signIn({ admin: true });
    const made = await h.request("/v1/admin/auth/users", {
      method: "POST",
      token: admin.token,
      json: { email: "made-by-admin@example.com", password: "a fine passphrase" },
    });
    expect(made.status).toBe(200);
    expect(
      (
        await h.request("/auth/login", {
          method: "POST",
          json: { email: "made-by-admin@example.com", password: "a fine passphrase" },
        })
      ).status,
    ).toBe(200);
  });

  describe("when REGISTRATION_OPEN", () => {
    let registration: OpenRegistration;
    beforeAll(async () => {
      registration = await openRegistration();
    });
    afterAll(async () => {
      await registration.close();
    });

    it("answers the same whether or not the address has an account, and finishes by the e-mailed link", async () => {
      const { email: taken } = await h.signIn({ admin: true });
      const free = await h.request("/auth/register", {
        method: "POST",
        json: { email: "New@Example.com ", password: "a long passphrase" },
        clientIp: "192.0.2.41",
      });
      const existing = await h.request("/auth/register", {
        method: "POST",
        json: { email: taken.toUpperCase(), password: "a long passphrase" },
        clientIp: "192.0.2.42",
      });
      expect([free.status, existing.status]).toEqual([202, 202]);
      expect(await free.json()).toEqual(await existing.json());
      // Nothing exists before the link is used; the account holder is told, not the requester.
      expect(await findUserByEmail(h.database.db, "new@example.com")).toBeNull();
      const notice = await registration.smtp.waitForMail((mail) => mail.to.includes(taken));
      expect(notice.text).toMatch(/already has one/);
      expect(notice.text).not.toMatch(/token=/);

      const token = await registration.linkToken("new@example.com");
      const page = (await registration.smtp.waitForMail((mail) => mail.to.includes("new@example.com"))).text;
      expect(page).toContain("http://site.test/account/login/verify-request?token=");
      const finished = await h.request("/auth/register/finish", { method: "POST", json: { token } });
      expect(finished.status).toBe(200);
      const session = await finished.json();
      expect(session.user).toMatchObject({ email: "new@example.com", roles: [] });
      expect((await (await h.request("/auth/session", { token: session.sessionToken })).json()).user.email).toBe(
        "new@example.com",
      );
      expect(
        (
          await h.request("/auth/login", {
            method: "POST",
            json: { email: "new@example.com", password: "a long passphrase" },
          })
        ).status,
      ).toBe(200);
      // A link works once.
      expect((await h.request("/auth/register/finish", { method: "POST", json: { token } })).status).toBe(409);
    });

    it("refuses an altered or expired link", async () => {
      await h.request("/auth/register", {
        method: "POST",
        json: { email: "late@example.com", password: "a long passphrase" },
        clientIp: "192.0.2.43",
      });
      const token = await registration.linkToken("late@example.com");
      const altered = `${token.slice(0, -4)}AAAA`;
      expect((await h.request("/auth/register/finish", { method: "POST", json: { token: altered } })).status).toBe(400);
      const expired = await h.request("/auth/register/finish", {
        method: "POST",
        json: {
          token: encryptSecret(
            JSON.stringify({
              purpose: "registration",
              email: "late@example.com",
              passwordHash: "x",
              name: null,
              expiresAt: Date.now() - 1,
            }),
          ),
        },
      });
      expect(expired.status).toBe(400);
      expect((await expired.json()).detail).toMatch(/expired/);
      expect(await findUserByEmail(h.database.db, "late@example.com")).toBeNull();
    });

    it("accepts at most REGISTRATION_RATE_LIMIT_PER_HOUR sign-up requests per address an hour", async () => {
      const statuses: number[] = [];
      for (let i = 0; i < config.registrationRateLimitPerHour + 2; i++) {
        const response = await h.request("/auth/register", {
          method: "POST",
          json: { email: `burst-${i}@example.com`, password: "a long passphrase" },
          clientIp: "192.0.2.44",
        });
        statuses.push(response.status);
        if (response.status === 429) expect((await response.json()).detail).toMatch(/at most 5 an hour/);
      }
      expect(statuses).toEqual([...Array(5).fill(202), 429, 429]);
      // Another address is not held back.
      expect(
        (
          await h.request("/auth/register", {
            method: "POST",
            json: { email: "other@example.com", password: "a long passphrase" },
            clientIp: "192.0.2.45",
          })
        ).status,
      ).toBe(202);
    });
  });
});
