// Server-Timing through /api as host/app.ts wraps it: how many queries a request made is told to administrators
// only, unless the operator's SERVER_TIMING shows it to everyone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withServerTiming } from "#shared/http/server-timing.ts";
import { createApiHarness, type ApiHarness } from "#tests/support/api-harness.ts";

let h: ApiHarness;
let admin: string;
let user: string;

beforeAll(async () => {
  h = await createApiHarness();
  admin = (await h.signIn({ admin: true })).token;
  user = (await h.signIn()).token;
});
afterAll(async () => {
  await h.close();
});

const timingOf = async (token: string | null, options?: { everyone: boolean }) => {
  const response = await withServerTiming(() => h.request("/auth/session", { token }), options);
  await response.arrayBuffer();
  return response.headers.get("server-timing");
};

describe("Server-Timing on /api", () => {
  it("is not sent to a visitor or a signed-in user who is no administrator", async () => {
    expect(await timingOf(null)).toBeNull();
    expect(await timingOf(user)).toBeNull();
    // A forged token is no administrator either.
    expect(await timingOf("not-a-session")).toBeNull();
  });

  it("is sent to an administrator, with the queries the request made", async () => {
    expect(await timingOf(admin)).toMatch(/db;dur=[\d.]+;desc="\d+ quer(y|ies)".*total;dur=/);
  });

  it("is sent to everyone when the operator turns it on", async () => {
    expect(await timingOf(null, { everyone: true })).toMatch(/total;dur=/);
  });
});
