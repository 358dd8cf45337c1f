import { describe, expect, it } from "vitest";
import { API_KEY_SCOPES, generateApiKey, type ApiKeyScope } from "#shared/contract/api-keys-vocabulary.ts";
import { config } from "#server/config.ts";
import { apiKeys } from "#server/db/schema.ts";
import { encryptSecret, hmacDigest } from "#server/lib/crypto.ts";
import { adminApiFile } from "#tests/support/admin-api.ts";

const api = adminApiFile({ user: true });

/** A key saved with these scopes, and a call with it (from `clientIp`, 127.0.0.1 unless told). */
async function keyWith(scopes: readonly ApiKeyScope[]) {
  const secret = generateApiKey();
  await api.h.database.db.insert(apiKeys).values({
    serviceName: "KV_SCOPED",
    apiKeyEncrypted: encryptSecret(secret),
    apiKeyDigest: hmacDigest(secret),
    scopes: [...scopes],
  });
  const call = (method: string, path: string, json?: unknown, clientIp?: string) =>
    api.h
      .request(path, { method, headers: { "x-api-key": secret }, json, clientIp })
      .then(async (r) => ({ status: r.status, headers: r.headers, body: await r.json() }));
  return { secret, call };
}

/** Runs `body` with some config settings changed, and puts them back. */
async function withSettings(settings: Partial<typeof config>, body: () => Promise<void>): Promise<void> {
  const saved = Object.fromEntries(Object.keys(settings).map((name) => [name, config[name as keyof typeof config]]));
  Object.assign(config, settings);
  try {
    await body();
  } finally {
    Object.assign(config, saved);
  }
}

describe("key/value service", () => {
  it("serves other services with an API key", async () => {
    const secret = "kv-service-key-0123456789";
    await api.h.database.db.insert(apiKeys).values({
      serviceName: "KV_TEST",
      apiKeyEncrypted: encryptSecret(secret),
      apiKeyDigest: hmacDigest(secret),
      scopes: [...API_KEY_SCOPES],
    });
    const withKey = (method: string, path: string, json?: unknown, key = secret) =>
      api.h
        .request(path, { method, headers: { "x-api-key": key }, json })
        .then(async (r) => ({ status: r.status, body: await r.json() }));

    expect((await withKey("GET", "/v1/kv/svc")).status).toBe(404);
    const put = await withKey("PUT", "/v1/kv/svc", { value: { count: 1 }, ttl_seconds: 60 });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ key: "svc", value_type: "json", value: { count: 1 } });
    expect(new Date(put.body.expires_at).getTime()).toBeGreaterThan(Date.now());
    const text = await withKey("PUT", "/v1/kv/svc", { value: "plain" });
    expect(text.body).toMatchObject({ value_type: "text", value: "plain", expires_at: null });
    expect((await withKey("GET", "/v1/kv/svc")).body.value).toBe("plain");
    const stored = await withKey("PUT", "/v1/kv/nothing", { value: null });
    expect(stored.body).toMatchObject({ value_type: "json", value: null });
    expect((await withKey("GET", "/v1/kv/nothing")).body.value).toBeNull();
    expect((await withKey("PUT", "/v1/kv/svc", { value: "x", ttl_seconds: 0 })).status).toBe(400);
    expect((await withKey("PUT", "/v1/kv/svc", {})).status).toBe(400);
    expect((await withKey("GET", "/v1/kv/svc", undefined, "wrong-key-0123456789")).status).toBe(401);
    expect((await api.call("GET", "/v1/kv/svc", null)).status).toBe(401);
    expect((await api.call("GET", "/v1/kv/svc", api.user)).status).toBe(403);
    expect((await api.call("GET", "/v1/kv/svc", api.admin)).status).toBe(200);
    expect((await withKey("DELETE", "/v1/kv/svc")).status).toBe(200);
    expect((await withKey("GET", "/v1/kv/svc")).status).toBe(404);
  });

  it("stores a JSON value exactly as the body holds it", async () => {
    const written = '{"title":"x","limits":{"a":1},"tags":["a"],"big":12345678901234567890}';
    const pretty = '[\n  1.0,\n  {"2": 0, "1": 0}\n]';
    const put = (value: string) =>
      api.h.request("/v1/kv/exact-service", {
        method: "PUT",
        token: api.admin,
        headers: { "content-type": "application/json" },
        body: `{"ttl_seconds": 60, "value": ${value} }`,
      });
    for (const value of [written, pretty]) {
      const stored = await put(value);
      expect(stored.status).toBe(200);
      expect(await stored.text()).toContain(`"value_type":"json","value":${value}`);
      const read = await api.h.request("/v1/kv/exact-service", { token: api.admin });
      expect(await read.text()).toContain(`"value":${value}`);
    }
    const twice = await put('{"a": 1, "a": 2}');
    expect(twice.status).toBe(400);
  });
});

describe("key/value service: what a key may do", () => {
  it("lets a key read only with kv:read and write or delete only with kv:write, naming the missing scope", async () => {
    expect((await api.call("PUT", "/v1/kv/admin-entry", api.admin, { value: "the administrator's" })).status).toBe(200);
    const uploader = await keyWith(["reports:upload"]);
    for (const [method, json] of [["GET"], ["PUT", { value: "overwritten" }], ["DELETE"]] as const) {
      const refused = await uploader.call(method, "/v1/kv/admin-entry", json);
      expect(refused.status).toBe(403);
      expect(refused.body.detail).toContain(method === "GET" ? "kv:read scope" : "kv:write scope");
    }
    const reader = await keyWith(["kv:read"]);
    expect((await reader.call("GET", "/v1/kv/admin-entry")).body.value).toBe("the administrator's");
    expect((await reader.call("PUT", "/v1/kv/admin-entry", { value: "overwritten" })).status).toBe(403);
    expect((await reader.call("DELETE", "/v1/kv/admin-entry")).status).toBe(403);
    expect((await api.call("GET", "/v1/kv/admin-entry", api.admin)).body.value).toBe("the administrator's");

    const writer = await keyWith(["kv:write"]);
    expect((await writer.call("PUT", "/v1/kv/admin-entry", { value: "overwritten" })).status).toBe(200);
    expect((await writer.call("GET", "/v1/kv/admin-entry")).status).toBe(403);
    expect((await writer.call("DELETE", "/v1/kv/admin-entry")).status).toBe(200);
  });

  it("limits a key's writes a minute with 429, Retry-After and the limit; others go on", async () => {
    await withSettings({ kvWriteRateLimitPerMinute: 3 }, async () => {
      const leaked = await keyWith(["kv:read", "kv:write"]);
      for (let i = 0; i < 3; i++)
        expect((await leaked.call("PUT", `/v1/kv/flood-${i}`, { value: "x" })).status).toBe(200);
      const refused = await leaked.call("PUT", "/v1/kv/flood-3", { value: "x" });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(refused.body.detail).toContain("the limit is 3 a minute");
      expect((await leaked.call("DELETE", "/v1/kv/flood-0")).status).toBe(429);
      expect((await leaked.call("GET", "/v1/kv/flood-3")).status).toBe(404);
      expect((await leaked.call("GET", "/v1/kv/flood-0")).status).toBe(200);
      const other = await keyWith(["kv:write"]);
      expect((await other.call("PUT", "/v1/kv/flood-3", { value: "x" })).status).toBe(200);
      for (let i = 0; i < 4; i++)
        expect((await api.call("PUT", `/v1/kv/admin-${i}`, api.admin, { value: "x" })).status).toBe(200);
    });
  });

  it("refuses a write past the store's quota with 413 and the quota, but lets a write shrink it", async () => {
    const writer = await keyWith(["kv:write"]);
    // What the store holds already, so the quota is set just above it.
    const base = 100_000;
    await withSettings({ kvQuotaBytes: 0 }, async () => {
      const probe = await writer.call("PUT", "/v1/kv/quota-probe", { value: "" });
      const used =
        Number(/take it to ([\d,]+)/.exec(probe.body.detail)?.[1]?.replaceAll(",", "")) - "quota-probe".length;
      config.kvQuotaBytes = used + base;
      const big = "v".repeat(60_000);
      expect((await writer.call("PUT", "/v1/kv/quota-a", { value: big })).status).toBe(200);
      const refused = await writer.call("PUT", "/v1/kv/quota-b", { value: big });
      expect(refused.status).toBe(413);
      expect(refused.body.detail).toContain(`its quota is ${(used + base).toLocaleString("en")} bytes`);
      expect((await api.call("GET", "/v1/kv/quota-b", api.admin)).status).toBe(404);
      // Replacing an entry counts its old size as freed.
      expect((await writer.call("PUT", "/v1/kv/quota-a", { value: "v".repeat(90_000) })).status).toBe(200);
      expect((await writer.call("PUT", "/v1/kv/quota-a", { value: "small" })).status).toBe(200);
      expect((await writer.call("PUT", "/v1/kv/quota-b", { value: big })).status).toBe(200);
    });
  });
});

describe("key/value service: guessing keys", () => {
  it("answers an address's unknown keys 429 past the limit, while a real key from it still works", async () => {
    await withSettings({ apiKeyFailuresPer15Minutes: 5 }, async () => {
      const real = await keyWith(["kv:read"]);
      const guess = (clientIp: string, i: number) =>
        api.h.request("/v1/kv/anything", { headers: { "x-api-key": `guess-${i}-${clientIp}` }, clientIp });
      for (let i = 0; i < 5; i++) expect((await guess("198.51.100.7", i)).status).toBe(401);
      const throttled = await guess("198.51.100.7", 5);
      expect(throttled.status).toBe(429);
      expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await throttled.json()).detail).toContain("the limit is 5 in 15 minutes");
      expect((await real.call("GET", "/v1/kv/anything", undefined, "198.51.100.7")).status).toBe(404);
      expect((await guess("203.0.113.9", 0)).status).toBe(401);
    });
  });
});
