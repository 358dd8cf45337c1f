// The image lab's echo data comes back as it was written: digits, key order and whitespace, through the shipped
// image host and its history; only requestor_id and requestor_type are set, in place or added at the end.
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonTextsAt } from "#shared/stored-json.ts";
import { createImageHostApp } from "#server/image-host/app.ts";
import { createApiHarness, type ApiHarness } from "#tests/support/api-harness.ts";
import { loopbackServers } from "#tests/support/admin-api.ts";

let h: ApiHarness;
let token: string;
const hostKey = "host-key-for-echo-tests-01";
let hostUrl: string;
const { listen } = loopbackServers();

beforeAll(async () => {
  h = await createApiHarness();
  token = (await h.signIn({ admin: true })).token;
  const imageHost = createImageHostApp({ db: h.database.db, apiKey: () => hostKey });
  hostUrl = `${await listen(new Hono().route("/image-host", imageHost))}/image-host`;
});
afterAll(async () => {
  await h.close();
});

function generate(body: string) {
  return h.request("/v1/admin/img_gen/flux", {
    method: "POST",
    token,
    body,
    headers: { "content-type": "application/json" },
  });
}

const request = (echo: string) =>
  `{"prompt":"a red fox","host":${JSON.stringify(hostUrl)},"api_key":${JSON.stringify(hostKey)},"echo_data":${echo}}`;

/** The echo data of each job, as the answer writes it. */
async function echoTexts(response: Response): Promise<(string | undefined)[]> {
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return jsonTextsAt(text, ["result_list", "*", "echo_data"]);
}

async function historyEchoTexts(): Promise<(string | undefined)[]> {
  await h.request("/v1/admin/img_gen/config", { token });
  const { siteVars } = await import("#server/db/schema.ts");
  await h.database.db
    .insert(siteVars)
    .values([
      { namedKey: "img_gen_host", valType: "str", valObjectJson: JSON.stringify({ val: hostUrl }) },
      { namedKey: "img_gen_api_key", valType: "str", valObjectJson: JSON.stringify({ val: hostKey }) },
    ])
    .onConflictDoNothing();
  return echoTexts(await h.request("/v1/admin/img_gen/history", { token }));
}

const WRITTEN = '{ "z": 1,\n  "big": 12345678901234567890, "list": [1.0, 1e2] }';
const WITH_REQUESTOR =
  '{ "z": 1,\n  "big": 12345678901234567890, "list": [1.0, 1e2],' +
  '"requestor_id":"flux_lab","requestor_type":"flux_lab" }';

describe("echo data as written", () => {
  it("keeps the text of echo data given as a form's text field", async () => {
    const [echo] = await echoTexts(await generate(request(JSON.stringify(WRITTEN))));
    expect(echo).toBe(WITH_REQUESTOR);
    expect(await historyEchoTexts()).toContain(WITH_REQUESTOR);
  });

  it("keeps the text of echo data given as an object in the /api body", async () => {
    const [echo] = await echoTexts(await generate(request(WRITTEN)));
    expect(echo).toBe(WITH_REQUESTOR);
  });

  it("sets requestor_id and requestor_type in place, and writes them into an empty object", async () => {
    const [replaced] = await echoTexts(await generate(request('{"requestor_type" : 7, "n": 10.50}')));
    expect(replaced).toBe('{"requestor_type" : "flux_lab", "n": 10.50,"requestor_id":"flux_lab"}');
    const [empty] = await echoTexts(await generate(request('""')));
    expect(empty).toBe('{"requestor_id":"flux_lab","requestor_type":"flux_lab"}');
  });

  it("refuses echo data with a key written twice", async () => {
    const response = await generate(request(JSON.stringify('{"a": 1, "a": 2}')));
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual([
      { field: "echo_data", message: expect.stringMatching(/"a" more than once/) },
    ]);
  });
});
