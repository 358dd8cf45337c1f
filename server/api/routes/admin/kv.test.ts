import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { kvEntries } from "#server/db/schema.ts";
import { adminApiFile } from "#tests/support/admin-api.ts";

const api = adminApiFile();

describe("key/value store", () => {
  it("creates, lists by literal prefix with paging, edits and deletes", async () => {
    for (const key of ["app:a", "app:b", "app:c", "app_x", "other"]) {
      expect((await api.call("POST", "/admin/kv", api.admin, { key, value: `v-${key}` })).status).toBe(200);
    }
    const json = await api.call("POST", "/admin/kv", api.admin, {
      key: "cfg",
      value: '{"on": true}',
      value_type: "json",
    });
    expect(json.body).toMatchObject({ key: "cfg", value_type: "json", value: { on: true }, expires_at: null });
    expect((await api.call("POST", "/admin/kv", api.admin, { key: "cfg", value: "again" })).status).toBe(409);
    const nullJson = await api.call("POST", "/admin/kv", api.admin, {
      key: "empty-json",
      value: "null",
      value_type: "json",
    });
    expect(nullJson.body).toMatchObject({ value_type: "json", value: null });

    const page1 = await api.call("GET", "/admin/kv?prefix=app:&page_size=2", api.admin);
    expect(page1.body).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(page1.body.items.map((e: { key: string }) => e.key)).toEqual(["app:a", "app:b"]);
    const page2 = await api.call("GET", "/admin/kv?prefix=app:&page_size=2&page=2", api.admin);
    expect(page2.body.items.map((e: { key: string }) => e.key)).toEqual(["app:c"]);
    // "_" is not a wildcard: app_ matches app_x only.
    const underscore = await api.call("GET", "/admin/kv?prefix=app_", api.admin);
    expect(underscore.body.items.map((e: { key: string }) => e.key)).toEqual(["app_x"]);
    expect((await api.call("GET", "/admin/kv?page_size=1000", api.admin)).status).toBe(400);

    const edited = await api.call("PUT", "/admin/kv/other", api.admin, {
      key: "other",
      value: "[1,2]",
      value_type: "json",
      expires_at: "2999-01-01T00:00",
    });
    expect(edited.body).toMatchObject({ value: [1, 2], expires_at: "2999-01-01T00:00:00.000Z" });
    expect((await api.call("PUT", "/admin/kv/other", api.admin, { key: "renamed", value: "x" })).status).toBe(400);
    expect((await api.call("PUT", "/admin/kv/missing", api.admin, { key: "missing", value: "x" })).status).toBe(404);
    expect((await api.call("DELETE", "/admin/kv/other", api.admin)).status).toBe(200);
    expect((await api.call("DELETE", "/admin/kv/other", api.admin)).status).toBe(404);
  });

  it("keeps a json value exactly as written, when created, listed, edited and read", async () => {
    const written = '{"title":"x","limits":{"a":1},"tags":["a"],"big":12345678901234567890}';
    const pretty = '{\n  "z": 1.0,\n  "10": 2,\n  "9": [0.10]\n}';
    const request = (method: string, path: string, json?: unknown) =>
      api.h.request(path, { method, token: api.admin, json }).then((r) => r.text());
    expect(await request("POST", "/admin/kv", { key: "exact", value: written, value_type: "json" })).toContain(
      `"value":${written}`,
    );
    expect(await request("GET", "/admin/kv?prefix=exact")).toContain(
      `"key":"exact","value_type":"json","value":${written}`,
    );
    expect(await request("GET", "/v1/kv/exact")).toContain(`"value":${written}`);
    expect(await request("PUT", "/admin/kv/exact", { key: "exact", value: pretty, value_type: "json" })).toContain(
      `"value":${pretty}`,
    );
    expect(await request("GET", "/v1/kv/exact")).toContain(`"value":${pretty}`);
    const twice = await api.call("POST", "/admin/kv", api.admin, {
      key: "twice",
      value: '{"a":1,"a":2}',
      value_type: "json",
    });
    expect(twice.status).toBe(400);
    expect(twice.body.errors).toEqual([{ field: "value", message: expect.stringMatching(/key "a" more/) }]);
  });

  it("validates keys, JSON values and expiry", async () => {
    const bad = await api.call("POST", "/admin/kv", api.admin, {
      key: "has space",
      value: "{",
      value_type: "json",
      expires_at: "tomorrow",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["expires_at", "key", "value"]);
    const past = await api.call("POST", "/admin/kv", api.admin, {
      key: "past",
      value: "x",
      expires_at: "2001-01-01T00:00",
    });
    expect(past.status).toBe(400);
    expect(past.body.errors).toEqual([{ field: "expires_at", message: "The expiry must be in the future." }]);
  });

  it("hides expired keys and lets their name be reused", async () => {
    await api.call("POST", "/admin/kv", api.admin, { key: "short-lived", value: "x", expires_at: "2999-01-01T00:00" });
    await api.h.database.db
      .update(kvEntries)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(sql`${kvEntries.key} = 'short-lived'`);
    const list = await api.call("GET", "/admin/kv?prefix=short", api.admin);
    expect(list.body.total).toBe(0);
    expect((await api.call("GET", "/v1/kv/short-lived", api.admin)).status).toBe(404);
    expect((await api.call("POST", "/admin/kv", api.admin, { key: "short-lived", value: "y" })).status).toBe(200);
  });
});
