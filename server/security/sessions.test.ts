// Sessions: cookie flags, a new token per sign-in, sign-out on the server, idle and absolute
// time-outs enforced by the server, and sessions ending with their user.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sessionCookie } from "../auth/cookie";
import { createSession } from "../auth/sessions";
import { config } from "../config";
import { sessions, users } from "../db/schema";
import { sha256 } from "../lib/crypto";
import { createApiHarness, type ApiHarness } from "#tests/support/api-harness.ts";

let h: ApiHarness;
beforeAll(async () => {
  h = await createApiHarness();
});
afterAll(async () => {
  await h.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;

async function sessionUser(auth: { token?: string; cookie?: string }) {
  const response = await h.request("/auth/session", {
    token: auth.token,
    headers: auth.cookie ? { cookie: auth.cookie } : {},
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { user: { email: string } | null }).user;
}

function sessionRow(token: string) {
  return h.database.db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, sha256(token)));
}

describe("session cookie", () => {
  it("is httpOnly and SameSite=Lax, named 'session' and not Secure over plain HTTP", async () => {
    const header = await sessionCookie().serialize("token");
    expect(header).toMatch(/^session=/);
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=Lax/);
    expect(header).toMatch(/; Path=\//);
    expect(header).not.toMatch(/; Secure/);
  });

  it("is Secure with a __Host- name in production behind a TLS proxy (TRUST_PROXY)", async () => {
    vi.resetModules();
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("TRUST_PROXY", "1");
    try {
      const fresh = await import("../auth/cookie");
      const header = await fresh.sessionCookie().serialize("token");
      // __Host- cookies must be Secure, Path=/ and without Domain, or browsers drop them.
      expect(header).toMatch(/^__Host-session=/);
      expect(header).toMatch(/; Secure/);
      expect(header).toMatch(/; Path=\//);
      expect(header).not.toMatch(/Domain=/i);
      expect(header).toMatch(/; HttpOnly/);
      expect(header).toMatch(/; SameSite=Lax/);
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  });

  it("is signed: a forged or altered cookie is not a session", async () => {
    const { token } = await h.signIn();
    const cookie = await sessionCookie().serialize(token);
    const tampered = cookie.replace(
      /^session=([^;]+)/,
      (_m, v: string) => `session=${v.slice(0, -2)}${v.endsWith("A") ? "B" : "A"}`,
    );
    expect(await sessionUser({ cookie: tampered.split(";")[0] })).toBeNull();
    expect(await sessionUser({ cookie: `session=${encodeURIComponent(btoa(JSON.stringify(token)))}` })).toBeNull();
  });
});

describe("tokens", () => {
  it("are 256 random bits, and only their SHA-256 is stored", async () => {
    const { token } = await h.signIn();
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const rows = await h.database.db.select().from(sessions);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect((await sessionRow(token)).length).toBe(1);
  });

  it("are new at every sign-in; the token presented at sign-in (bearer or cookie) stops working", async () => {
    const first = await h.signIn();
    const second = await h.request("/auth/login", {
      method: "POST",
      json: { email: first.email, password: first.password },
      token: first.token,
    });
    const secondToken = ((await second.json()) as { sessionToken: string }).sessionToken;
    expect(secondToken).not.toBe(first.token);
    expect(await sessionUser({ token: first.token })).toBeNull();
    expect(await sessionUser({ token: secondToken })).toMatchObject({ email: first.email });

    const cookie = (await sessionCookie().serialize(secondToken)).split(";")[0]!;
    const third = await h.request("/auth/login", {
      method: "POST",
      json: { email: first.email, password: first.password },
      headers: { cookie, origin: "http://localhost", "sec-fetch-site": "same-origin" },
    });
    expect(third.status).toBe(200);
    expect(await sessionUser({ cookie })).toBeNull();
  });

  it("end on the server at sign-out: a replayed bearer token or cookie is refused", async () => {
    const { token } = await h.signIn();
    const cookie = (await sessionCookie().serialize(token)).split(";")[0]!;
    expect(await sessionUser({ cookie })).not.toBeNull();
    const logout = await h.request("/auth/logout", { method: "POST", token });
    expect(logout.status).toBe(200);
    expect(await sessionUser({ token })).toBeNull();
    expect(await sessionUser({ cookie })).toBeNull();
    expect(await sessionRow(token)).toEqual([]);
  });

  it("are refused when too long or malformed, without a crash", async () => {
    for (const token of ["x".repeat(10_000), "%00", "\u00e9\u00ff", "Bearer Bearer", "null", "undefined"]) {
      const response = await h.request("/auth/session", { headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { user: unknown }).user).toBeNull();
    }
  });

  it("answers an address's unknown bearer tokens 429 past the limit; a live token from it still works", async () => {
    const saved = config.apiKeyFailuresPer15Minutes;
    config.apiKeyFailuresPer15Minutes = 4;
    try {
      const { token } = await h.signIn();
      const from = (bearer: string, clientIp = "198.51.100.23") =>
        h.request("/auth/session", { headers: { authorization: `Bearer ${bearer}` }, clientIp });
      for (let i = 0; i < 4; i++) expect((await from(`guessed-token-${i}`)).status).toBe(200);
      const throttled = await from("guessed-token-4");
      expect(throttled.status).toBe(429);
      expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(((await throttled.json()) as { detail: string }).detail).toContain("the limit is 4 in 15 minutes");
      const live = await from(token);
      expect(live.status).toBe(200);
      expect(((await live.json()) as { user: unknown }).user).not.toBeNull();
      // Anonymous calls from that address are not refused: only unknown credentials are.
      expect((await h.request("/auth/session", { clientIp: "198.51.100.23" })).status).toBe(200);
      expect((await from("guessed-token-5", "203.0.113.50")).status).toBe(200);
    } finally {
      config.apiKeyFailuresPer15Minutes = saved;
    }
  });
});

describe("time-outs, enforced on the server", () => {
  it("sets the idle and absolute expiry from the configuration (defaults 7 and 30 days)", async () => {
    expect([config.sessionIdleDays, config.sessionAbsoluteDays]).toEqual([7, 30]);
    const { token } = await h.signIn();
    const [row] = await sessionRow(token);
    expect(Math.abs(row!.idleExpiresAt.getTime() - (Date.now() + 7 * DAY_MS))).toBeLessThan(60_000);
    expect(Math.abs(row!.absoluteExpiresAt.getTime() - (Date.now() + 30 * DAY_MS))).toBeLessThan(60_000);

    const saved = { idle: config.sessionIdleDays, absolute: config.sessionAbsoluteDays };
    Object.assign(config, { sessionIdleDays: 1, sessionAbsoluteDays: 2 });
    try {
      const [user] = await h.database.db.select().from(users).limit(1);
      const created = await createSession(h.database.db, user!.id);
      const [short] = await sessionRow(created.token);
      expect(Math.round((short!.idleExpiresAt.getTime() - Date.now()) / DAY_MS)).toBe(1);
      expect(Math.round((short!.absoluteExpiresAt.getTime() - Date.now()) / DAY_MS)).toBe(2);
    } finally {
      Object.assign(config, { sessionIdleDays: saved.idle, sessionAbsoluteDays: saved.absolute });
    }
  });

  it("ends a session idle past its idle expiry, and deletes it", async () => {
    const { token } = await h.signIn();
    await h.database.db
      .update(sessions)
      .set({ idleExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, sha256(token)));
    expect(await sessionUser({ token })).toBeNull();
    expect(await sessionRow(token)).toEqual([]);
  });

  it("ends a session past its absolute expiry even while it is in use", async () => {
    const { token } = await h.signIn();
    await h.database.db
      .update(sessions)
      .set({ absoluteExpiresAt: new Date(Date.now() - 1000), idleExpiresAt: new Date(Date.now() + DAY_MS) })
      .where(eq(sessions.tokenHash, sha256(token)));
    expect(await sessionUser({ token })).toBeNull();
    expect(await sessionRow(token)).toEqual([]);
  });

  it("slides the idle expiry on use, never past the absolute one", async () => {
    const { token } = await h.signIn();
    const soon = new Date(Date.now() + 60 * 60 * 1000);
    await h.database.db
      .update(sessions)
      .set({
        lastSeenAt: new Date(Date.now() - 2 * 60_000),
        idleExpiresAt: soon,
        absoluteExpiresAt: new Date(Date.now() + 2 * 60 * 60 * 1000),
      })
      .where(eq(sessions.tokenHash, sha256(token)));
    const response = await h.request("/auth/session", { token });
    const body = (await response.json()) as { expires: string };
    const [row] = await sessionRow(token);
    expect(row!.idleExpiresAt.getTime()).toBeGreaterThan(soon.getTime());
    // The expiry the client is told is the earlier of the two.
    expect(new Date(body.expires).getTime()).toBe(row!.absoluteExpiresAt.getTime());
  });
});

describe("sessions end with their user", () => {
  it("ends a deleted user's sessions at once", async () => {
    const { token, userId } = await h.signIn();
    await h.database.db.delete(users).where(eq(users.id, userId));
    expect(await sessionUser({ token })).toBeNull();
    expect(await sessionRow(token)).toEqual([]);
  });
});

describe("a password change ends the user's other sessions", () => {
  it("by the user: the session that changed it stays, the others end", async () => {
    const first = await h.signIn();
    const other = await h.request("/auth/login", {
      method: "POST",
      json: { email: first.email, password: first.password },
      clientIp: "192.0.2.77",
    });
    const otherToken = ((await other.json()) as { sessionToken: string }).sessionToken;
    const third = await h.request("/auth/login", {
      method: "POST",
      json: { email: first.email, password: first.password },
      clientIp: "192.0.2.78",
    });
    const keptToken = ((await third.json()) as { sessionToken: string }).sessionToken;
    const changed = await h.request("/user/password", {
      method: "POST",
      token: keptToken,
      json: { current_password: first.password, new_password: "a brand new passphrase" },
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect(await sessionUser({ token: keptToken })).toMatchObject({ email: first.email });
    expect(await sessionUser({ token: otherToken })).toBeNull();
  });

  it("by an administrator's reset: every session of that user ends", async () => {
    const admin = await h.signIn({ admin: true });
    const target = await h.signIn();
    const reset = await h.request(`/v1/admin/auth/users/${target.userId}/password`, {
      method: "POST",
      token: admin.token,
      json: { password: "an admin chosen passphrase" },
    });
    expect(reset.status, await reset.clone().text()).toBe(200);
    expect(await sessionUser({ token: target.token })).toBeNull();
    expect(await sessionUser({ token: admin.token })).not.toBeNull();
  });
});
