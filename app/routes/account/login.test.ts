// The sign-in page's redirects, against the real /api in-process: a signed-in visit and the sign-in POST go only
// to paths of this site, whatever callbackUrl says.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRequestContext, sessionContext } from "#app/context.ts";
import { createApiHarness, type ApiHarness } from "#tests/support/api-harness.ts";
import { action, loader } from "./login";

let h: ApiHarness;
let account: { email: string; password: string };
beforeAll(async () => {
  h = await createApiHarness();
  const { email, password } = await h.signIn();
  account = { email, password };
});
afterAll(() => h.close());

function contextFor(signedIn: boolean) {
  const context = createRequestContext({ clientIp: "203.0.113.60", api: h.api });
  const user = signedIn ? { id: "u1", email: "a@example.com", name: null, roles: [], avatar: null } : null;
  context.set(sessionContext, { user, expires: null, sessionToken: null, did: null });
  return context;
}

/** The response a loader or action throws or returns. */
async function answerOf(run: () => unknown): Promise<Response> {
  try {
    const value = await run();
    if (value instanceof Response) return value;
    throw new Error(`not a response: ${JSON.stringify(value)}`);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const HOSTILE = [
  "/..//evil.example/phish",
  "/../..//evil.example",
  "/.//evil.example",
  "/%2e%2e//evil.example",
  "/\\evil.example",
  "/\t/evil.example",
  "//evil.example",
  "https:evil.example",
];

describe("sign-in redirects", () => {
  it.each(HOSTILE)("a signed-in GET with callbackUrl %j stays on the site", async (callbackUrl) => {
    const url = `http://localhost/account/login?${new URLSearchParams({ callbackUrl })}`;
    const answer = await answerOf(() => loader({ request: new Request(url), context: contextFor(true) } as never));
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/");
  });

  it("the issue's request, as sent: %2F..%2F%2Fevil.example%2Fphish", async () => {
    const url = "http://localhost/account/login?callbackUrl=%2F..%2F%2Fevil.example%2Fphish";
    const answer = await answerOf(() => loader({ request: new Request(url), context: contextFor(true) } as never));
    expect(answer.headers.get("location")).toBe("/");
  });

  it.each(HOSTILE)("the sign-in POST with callbackUrl %j stays on the site", async (callbackUrl) => {
    const request = new Request("http://localhost/account/login", {
      method: "POST",
      body: new URLSearchParams({ ...account, callbackUrl }),
    });
    const answer = await answerOf(() => action({ request, context: contextFor(false) } as never));
    expect(answer.status).toBe(302);
    expect(answer.headers.get("set-cookie")).toMatch(/session=/);
    expect(answer.headers.get("location")).toBe("/");
  });

  it("a same-site destination is kept, re-serialised", async () => {
    const request = new Request("http://localhost/account/login", {
      method: "POST",
      body: new URLSearchParams({ ...account, callbackUrl: "/a/../admin/common/users?page=2" }),
    });
    const answer = await answerOf(() => action({ request, context: contextFor(false) } as never));
    expect(answer.headers.get("location")).toBe("/admin/common/users?page=2");
  });
});
