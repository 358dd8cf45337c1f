import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256 } from "../lib/crypto";
import { sessions } from "../db/schema";
import { createApiHarness, type ApiHarness } from "#tests/support/api-harness.ts";
import type { SessionLookups } from "./context";

let h: ApiHarness;
beforeAll(async () => {
  h = await createApiHarness();
});
afterAll(async () => {
  await h.close();
});

/** A call as the in-process client makes it for a page request that shares `lookups` with its other calls. */
function pageCall(path: string, token: string, lookups: SessionLookups, init: RequestInit = {}) {
  const request = new Request(`http://in-process/api${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}` },
  });
  return h.api.fetch(request, { clientIp: "127.0.0.1", sessionLookups: lookups });
}

const signedInEmail = async (response: Response) =>
  ((await response.json()) as { user: { email: string } | null }).user?.email ?? null;

describe("session look-ups shared by one page request", () => {
  it("reads the session once for the calls of one page", async () => {
    const { token, email } = await h.signIn();
    const lookups: SessionLookups = new Map();
    expect(await signedInEmail(await pageCall("/auth/session", token, lookups))).toBe(email);
    // Gone from the database: the page's next call still sees the session it was rendered for.
    await h.database.db.delete(sessions).where(eq(sessions.tokenHash, sha256(token)));
    expect(await signedInEmail(await pageCall("/auth/session", token, lookups))).toBe(email);
    // Another page request, and any caller without the in-process binding, reads it afresh.
    expect(await signedInEmail(await pageCall("/auth/session", token, new Map()))).toBeNull();
    expect(await signedInEmail(await h.request("/auth/session", { token }))).toBeNull();
  });

  it("reads the session afresh after a call that changes state, such as signing out", async () => {
    const { token, email } = await h.signIn();
    const lookups: SessionLookups = new Map();
    expect(await signedInEmail(await pageCall("/auth/session", token, lookups))).toBe(email);
    expect((await pageCall("/auth/logout", token, lookups, { method: "POST" })).status).toBe(200);
    expect(lookups.size).toBe(0);
    expect(await signedInEmail(await pageCall("/auth/session", token, lookups))).toBeNull();
  });

  it("cannot be passed by a remote client: a header is not a binding", async () => {
    const { token } = await h.signIn();
    await h.database.db.delete(sessions).where(eq(sessions.tokenHash, sha256(token)));
    const response = await h.request("/auth/session", { token, headers: { "session-lookups": "[]" } });
    expect(await signedInEmail(response)).toBeNull();
  });
});
