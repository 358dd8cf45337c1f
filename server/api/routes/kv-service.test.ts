import { describe, expect, it } from "vitest";
import { apiKeys } from "../../db/schema";
import { encryptSecret, hmacDigest } from "../../lib/crypto";
import { adminApiFile } from "../../../tests/support/admin-api";

const api = adminApiFile({ user: true });

describe("key/value service", () => {
  it("serves other services with an API key", async () => {
    const secret = "kv-service-key-0123456789";
    await api.h.database.db
      .insert(apiKeys)
      .values({ serviceName: "KV_TEST", apiKeyEncrypted: encryptSecret(secret), apiKeyDigest: hmacDigest(secret) });
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
