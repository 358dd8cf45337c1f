// Each tier makes the session cookie from its own settings (shared/session-cookie.ts): the cookie the web tier
// sets at sign-in must be the one /api reads, in development and behind a TLS proxy in production.
import { afterEach, describe, expect, it, vi } from "vitest";

async function bothTiers() {
  vi.resetModules();
  const web = await import("#app/utils/session.server.ts");
  const api = await import("#server/auth/cookie.ts");
  return { web, api };
}

describe("the session cookie", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it("set by the web tier is read by /api, and the same as /api would write", async () => {
    const { web, api } = await bothTiers();
    const expires = new Date(Date.now() + 60_000);
    const header = await web.serializeSessionToken("token-1", expires);
    expect(header).toMatch(/^session=/);
    expect(await api.readSessionToken(header.split(";")[0])).toBe("token-1");
    expect(header.split(";")[0]).toBe((await api.sessionCookie().serialize("token-1")).split(";")[0]);
    expect(await web.clearSessionCookie()).toMatch(/^session=; Max-Age=0;/);
  });

  it("has the same __Host- name and Secure flag in both tiers in production behind a TLS proxy", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("TRUST_PROXY", "1");
    const { web, api } = await bothTiers();
    const header = await web.serializeSessionToken("token-2", new Date(Date.now() + 60_000));
    expect(header).toMatch(/^__Host-session=/);
    expect(header).toMatch(/; Secure/);
    expect(await api.readSessionToken(header.split(";")[0])).toBe("token-2");
  });
});
