// The Gmail connection's callback page against the real /api, in-process: what comes back from Google is believed
// only after the flow's state is checked, and the notice shown is the site's own words, never the query's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRequestContext, sessionContext } from "#app/context.ts";
import { readToast } from "#app/utils/toast.server.ts";
import { restoreEnvironmentAfterEach } from "#tests/support/admin-api.ts";
import { createApiHarness, type ApiHarness } from "#tests/support/api-harness.ts";
import { loader } from "./gmail-connect";

const PAGE = "http://localhost/auth/admin/gmail/connect";
const SPOOF = "Your account is suspended. Call +1 555 0100 to restore it";

let h: ApiHarness;
let token: string;
beforeAll(async () => {
  h = await createApiHarness();
  ({ token } = await h.signIn({ admin: true }));
});
afterAll(() => h.close());
restoreEnvironmentAfterEach();

function configureGoogle() {
  Object.assign(process.env, {
    GOOGLE_CLIENT_ID: "local-client-id",
    GOOGLE_CLIENT_SECRET: "local-client-secret",
    GOOGLE_AUTHORIZATION_URL: "http://127.0.0.1:9/authorize",
    GOOGLE_TOKEN_URL: "http://127.0.0.1:9/token",
    GOOGLE_USERINFO_URL: "http://127.0.0.1:9/userinfo",
  });
}

function contextForAdmin() {
  const context = createRequestContext({ clientIp: "203.0.113.70", api: h.api });
  context.set(sessionContext, { user: null, expires: null, sessionToken: token, did: null });
  return context;
}

async function visit(query: Record<string, string>, cookie?: string): Promise<Response> {
  const request = new Request(`${PAGE}?${new URLSearchParams(query)}`, { headers: cookie ? { cookie } : {} });
  try {
    return (await loader({ request, context: contextForAdmin(), params: {} } as never)) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** Starts a connection as the page does: the flow cookie it sets and the state it sends to Google. */
async function startFlow(): Promise<{ cookie: string; state: string }> {
  const started = await visit({});
  expect(started.status).toBe(302);
  const state = new URL(started.headers.get("location")!).searchParams.get("state")!;
  const cookie = started.headers.getSetCookie().find((c) => c.startsWith("gmail_connect_flow="))!;
  return { cookie: cookie.split(";")[0]!, state };
}

/** The notice the redirect leaves for Email Config. */
async function noticeOf(answer: Response): Promise<string> {
  expect(answer.status).toBe(302);
  expect(answer.headers.get("location")).toBe("/admin/common/email_config");
  const toast = answer.headers.getSetCookie().find((c) => c.startsWith("toast="));
  expect(toast).toBeDefined();
  const { toast: shown } = await readToast(new Request(PAGE, { headers: { cookie: toast!.split(";")[0]! } }));
  return shown?.message ?? "";
}

describe("the Gmail callback's error", () => {
  it("is not believed without the flow: a crafted link shows the site's own message, not the link's text", async () => {
    configureGoogle();
    for (const query of [
      { error: "access_denied", error_description: SPOOF } as Record<string, string>,
      { error: "access_denied", error_description: SPOOF, state: "guessed" },
    ]) {
      const notice = await noticeOf(await visit(query));
      expect(notice).not.toContain("Call +1");
      expect(notice).not.toContain("suspended");
      expect(notice).toMatch(/is required|expired/);
    }
    // With the administrator's own flow cookie (a connection begun earlier) but a state the link made up.
    const { cookie } = await startFlow();
    const notice = await noticeOf(
      await visit({ error: "access_denied", error_description: SPOOF, state: "guessed" }, cookie),
    );
    expect(notice).toBe("This connection attempt is not valid or has expired; start again from Email Config.");
  });

  it("is not believed with another state than the flow's", async () => {
    configureGoogle();
    const { cookie, state } = await startFlow();
    const notice = await noticeOf(
      await visit({ error: "access_denied", error_description: SPOOF, state: `${state}x` }, cookie),
    );
    expect(notice).toBe("This connection attempt is not valid or has expired; start again from Email Config.");
  });

  it.each([
    ["access_denied", /declined/],
    ["invalid_scope", /permissions/],
    ["temporarily_unavailable", /try again later/],
    ["server_error", /Google had a problem/],
  ])("with the flow's state, %s shows the fixed message for that code, never the description", async (code, fixed) => {
    configureGoogle();
    const { cookie, state } = await startFlow();
    const notice = await noticeOf(await visit({ error: code, error_description: SPOOF, state }, cookie));
    expect(notice).toMatch(fixed);
    expect(notice).not.toContain("Call +1");
  });

  it("an unknown code gets a fixed message that does not repeat the code", async () => {
    configureGoogle();
    const { cookie, state } = await startFlow();
    const notice = await noticeOf(
      await visit({ error: "call_support_at_evil.example", error_description: SPOOF, state }, cookie),
    );
    expect(notice).toMatch(/^Google refused the connection/);
    expect(notice).not.toContain("evil.example");
    expect(notice).not.toContain("Call +1");
  });
});
