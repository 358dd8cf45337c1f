// JSON nesting and value limits wherever JSON text enters: /api bodies, JSON text inside fields (key/value entries,
// site vars, the image lab's echo data), and the image host's own body. Past a limit: 400 naming it, never 500/502.
import { serve, type ServerType } from "@hono/node-server";
import { Hono } from "hono";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys } from "../db/schema";
import { API_KEY_SCOPES } from "#shared/contract/api-keys-vocabulary.ts";
import { createImageHostApp } from "../image-host/app";
import { encryptSecret, hmacDigest, randomToken } from "../lib/crypto";
import { checkJsonLimits, JSON_INPUT_LIMITS } from "#shared/json-limits.ts";
import { createApiHarness, type ApiHarness } from "#tests/support/api-harness.ts";

const { maxDepth, maxValues } = JSON_INPUT_LIMITS;
const DEPTH_MESSAGE = `nests arrays and objects more than ${maxDepth} levels deep; the limit is ${maxDepth}.`;
const VALUES_MESSAGE =
  `holds more than ${maxValues.toLocaleString("en")} JSON values; ` + `the limit is ${maxValues.toLocaleString("en")}.`;

/** `levels` nested arrays around a value, as text: `[[[1]]]`. */
const nested = (levels: number, inner = "1") => "[".repeat(levels) + inner + "]".repeat(levels);

let h: ApiHarness;
let admin: string;
let serviceKey: string;
let hostUrl: string;
const hostKey = "host-key-for-json-limits";
let host: ServerType;

beforeAll(async () => {
  h = await createApiHarness();
  admin = (await h.signIn({ admin: true })).token;
  serviceKey = randomToken();
  await h.database.db.insert(apiKeys).values({
    serviceName: "json-limits",
    apiKeyEncrypted: encryptSecret(serviceKey),
    apiKeyDigest: hmacDigest(serviceKey),
    // The key stores JSON in the key/value store: it needs the KV scopes, which a new key lacks by default.
    scopes: [...API_KEY_SCOPES],
  });
  hostUrl = await new Promise<string>((resolve) => {
    const app = new Hono().route("/image-host", createImageHostApp({ db: h.database.db, apiKey: () => hostKey }));
    host = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) =>
      resolve(`http://127.0.0.1:${info.port}/image-host`),
    );
  });
});
afterAll(async () => {
  await new Promise((resolve) => host.close(resolve));
  await h.close();
});

function post(path: string, body: string, headers: Record<string, string> = {}, method = "POST") {
  return h.request(path, { method, body, headers: { "content-type": "application/json", ...headers } });
}

async function detail(response: Response): Promise<string> {
  return ((await response.json()) as { detail: string }).detail;
}

describe("the scanner", () => {
  it("counts depth and values outside strings only, escapes included", () => {
    expect(checkJsonLimits(nested(maxDepth), "x")).toBeNull();
    expect(checkJsonLimits(nested(maxDepth + 1), "x")).toMatchObject({
      kind: "depth",
      limit: maxDepth,
      offset: maxDepth,
    });
    const bracketsInStrings = JSON.stringify({ text: "[".repeat(10_000) + ',"\\' + "{".repeat(10_000) });
    expect(checkJsonLimits(bracketsInStrings, "x")).toBeNull();
    expect(
      checkJsonLimits(
        "[" +
          Array(maxValues - 1)
            .fill(0)
            .join(",") +
          "]",
        "x",
      ),
    ).toBeNull();
    expect(checkJsonLimits("[" + Array(maxValues).fill(0).join(",") + "]", "x")).toMatchObject({ kind: "values" });
  });

  it("reads 8 MB of brackets without recursion and stops at the limit", () => {
    const violation = checkJsonLimits(nested(4_000_000), "The text");
    expect(violation).toMatchObject({ kind: "depth", offset: maxDepth, message: `The text ${DEPTH_MESSAGE}` });
  });
});

describe("/api JSON bodies", () => {
  it(
    `refuses a body nested deeper than ${maxDepth} levels with 400 ` + `naming the limit, on every kind of endpoint`,
    async () => {
      const deep = nested(maxDepth + 1);
      const cases = [
        post("/auth/login", `{"email":"a@example.com","password":"x","extra":${deep}}`),
        post("/v1/site/contact", `{"name":"A","email":"a@example.com","message":${deep}}`),
        post("/camera/reports", `{"manufacturer":"X","device_model":"Y","camera_list":[],"extra":${deep}}`, {
          "x-api-key": serviceKey,
        }),
        post("/v1/kv/deep", `{"value":${deep}}`, { "x-api-key": serviceKey }, "PUT"),
        post("/admin/site/vars", `{"key":"deep","sv_val":"1","sv_val_type":"int","x":${deep}}`, {
          authorization: `Bearer ${admin}`,
        }),
      ];
      for (const response of await Promise.all(cases)) {
        expect(response.status).toBe(400);
        expect(await detail(response)).toBe(`The request body ${DEPTH_MESSAGE}`);
      }
    },
  );

  it(`refuses a body of more than ${maxValues.toLocaleString("en")} values with 400 naming the limit`, async () => {
    const wide = "[" + Array(maxValues).fill(0).join(",") + "]";
    for (const response of await Promise.all([
      post("/v1/kv/wide", `{"value":${wide}}`, { "x-api-key": serviceKey }, "PUT"),
      post("/camera/reports", `{"manufacturer":"X","device_model":"Y","camera_list":${wide}}`, {
        "x-api-key": serviceKey,
      }),
    ])) {
      expect(response.status).toBe(400);
      expect(await detail(response)).toBe(`The request body ${VALUES_MESSAGE}`);
    }
  });

  it("keeps a value at the depth limit exactly as sent", async () => {
    // The body's object is one level, the innermost object another: 64 in all.
    const value = JSON.parse(nested(maxDepth - 2, '{"b":12345,"a":"x"}')) as unknown;
    const stored = await h.request("/v1/kv/at-limit", {
      method: "PUT",
      json: { value },
      headers: { "x-api-key": serviceKey },
    });
    expect(stored.status).toBe(200);
    const read = await h.request("/v1/kv/at-limit", { headers: { "x-api-key": serviceKey } });
    expect(((await read.json()) as { value: unknown }).value).toEqual(value);
  });
});

describe("JSON text inside fields", () => {
  const abyss = nested(10_000);

  it("a key/value entry's JSON text nested 10,000 deep: 400 on the value field, nothing stored", async () => {
    const response = await h.request("/admin/kv", {
      method: "POST",
      token: admin,
      json: { key: "abyss", value: abyss, value_type: "json" },
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: { field: string; message: string }[] };
    expect(body.errors).toContainEqual({ field: "value", message: `The value ${DEPTH_MESSAGE}` });
    expect(
      (await h.request("/admin/kv?prefix=abyss", { token: admin }).then((r) => r.json())) as { total: number },
    ).toMatchObject({ total: 0 });
    // At the limit it is stored and reads back as sent.
    const atLimit = await h.request("/admin/kv", {
      method: "POST",
      token: admin,
      json: { key: "rim", value: nested(maxDepth), value_type: "json" },
    });
    expect(atLimit.status).toBe(200);
    expect(((await atLimit.json()) as { value: unknown }).value).toEqual(JSON.parse(nested(maxDepth)));
  });

  it("a JSON site var nested 10,000 deep: 400 on the value field", async () => {
    const response = await h.request("/admin/site/vars", {
      method: "POST",
      token: admin,
      json: { key: "abyss", sv_val: abyss, sv_val_type: "json" },
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: { field: string; message: string }[] };
    expect(body.errors).toContainEqual({ field: "sv_val", message: `The value ${DEPTH_MESSAGE}` });
  });

  it("the image lab's echo data nested 5,000 deep: 400 on the form, 400 from the image host itself", async () => {
    const echo = `{"a":${nested(4_990)}}`;
    const lab = await h.request("/v1/admin/img_gen/flux", {
      method: "POST",
      token: admin,
      json: { host: hostUrl, api_key: hostKey, prompt: "a fox", echo_data: echo },
    });
    expect(lab.status).toBe(400);
    expect(await detail(lab)).toContain(`Echo data ${DEPTH_MESSAGE}`);
    const direct = await fetch(`${hostUrl}/model/flux`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": hostKey },
      body: `{"prompt":"a fox","echo_data":${echo}}`,
    });
    expect(direct.status).toBe(400);
    expect(((await direct.json()) as { detail: string }).detail).toBe(`The request body ${DEPTH_MESSAGE}`);
  });
});

describe("markdown", () => {
  it("site data nested past the markdown limit: 400 naming it", async () => {
    const created = (await (await h.request("/v1/admin/site/data/new", { method: "POST", token: admin })).json()) as {
      id: string;
    };
    const response = await h.request(`/v1/admin/site/data/entry/${created.id}`, {
      method: "POST",
      token: admin,
      json: { id: created.id, type: "terms", markdown: ">".repeat(100_000) },
    });
    expect(response.status).toBe(400);
    expect(await detail(response)).toMatch(
      /^markdown: Line 1 nests blockquotes, lists or indentation more than 50 levels deep; the limit is 50\.$/,
    );
  });
});
