// The image lab's form against the real /api, in-process: a host the outbound policy refuses is the
// administrator's input, so the page answers 422 with the reason on the Host field, not a 502.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRequestContext, sessionContext } from "#app/context.ts";
import { FLUX_DEFAULTS } from "#shared/contract/flux-vocabulary.ts";
import { createApiHarness, type ApiHarness } from "#tests/support/api-harness.ts";
import { action } from "./flux";

let h: ApiHarness;
let token: string;
beforeAll(async () => {
  h = await createApiHarness();
  ({ token } = await h.signIn({ admin: true }));
});
afterAll(() => h.close());

async function generate(host: string) {
  const context = createRequestContext({ clientIp: "203.0.113.80", api: h.api });
  context.set(sessionContext, { user: null, expires: null, sessionToken: token, did: null });
  const body = new URLSearchParams({
    prompt: "a lighthouse",
    steps: String(FLUX_DEFAULTS.steps),
    width: String(FLUX_DEFAULTS.width),
    height: String(FLUX_DEFAULTS.height),
    ai_model_id: FLUX_DEFAULTS.model,
    host,
    api_key: "some-key",
  });
  const request = new Request("http://localhost/admin/labs/flux", { method: "POST", body });
  return (await action({ request, context, params: {} } as never)) as {
    data: { result: { error?: Record<string, string[] | null> } };
    init: { status?: number } | null;
  };
}

describe("the image lab's Host field", () => {
  it.each(["http://169.254.169.254/latest/meta-data", "http://10.0.0.1", "http://[::1]:8080"])(
    "refuses the internal host %s with 422 and says why on the field",
    async (host) => {
      const answer = await generate(host);
      expect(answer.init?.status).toBe(422);
      expect(answer.data.result.error?.host?.[0]).toMatch(/^The image host is not called: .*OUTBOUND_ALLOW_HOSTS\.$/);
    },
  );
});
