import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { apiKeys, kvEntries } from "../../db/schema";
import { encryptSecret, hmacDigest } from "../../lib/crypto";
import { createApiHarness, type ApiHarness } from "../../../tests/support/api-harness";

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

const ZERO_UUID = "00000000-0000-4000-8000-000000000000";

async function call(method: string, path: string, token: string | null, json?: unknown) {
  const response = await h.request(path, { method, token, json });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

describe("authorization", () => {
  const endpoints: Array<[string, string, unknown?]> = [
    ["GET", "/admin/home"],
    ["GET", "/v1/admin/site/data/list"],
    ["POST", "/v1/admin/site/data/new"],
    ["POST", `/v1/admin/site/data/entry/${ZERO_UUID}`, { id: ZERO_UUID, type: "terms" }],
    ["DELETE", `/v1/admin/site/data/entry/${ZERO_UUID}`],
    ["GET", "/admin/site/vars/list"],
    ["POST", "/admin/site/vars", { key: "auth_probe", sv_val: "x", sv_val_type: "str" }],
    ["DELETE", "/admin/site/var/999999"],
    ["GET", "/admin/kv"],
    ["POST", "/admin/kv", { key: "auth-probe", value: "x" }],
    ["PUT", "/admin/kv/auth-probe", { key: "auth-probe", value: "x" }],
    ["DELETE", "/admin/kv/auth-probe"],
    ["GET", "/admin/wonder/tags"],
    ["POST", "/admin/wonder/tags", { name: "Auth probe" }],
    ["PUT", `/admin/wonder/tags/${ZERO_UUID}`, { name: "Auth probe" }],
    ["DELETE", `/admin/wonder/tags/${ZERO_UUID}`],
    ["GET", "/admin/wonder/items"],
    ["POST", "/admin/wonder/items", { title: "Auth probe" }],
    ["GET", `/admin/wonder/items/${ZERO_UUID}`],
    ["PUT", `/admin/wonder/items/${ZERO_UUID}`, { title: "Auth probe" }],
    ["DELETE", `/admin/wonder/items/${ZERO_UUID}`],
  ];

  it.each(endpoints)("%s %s: 401 anonymous, 403 for a user, allowed for an admin", async (method, path, json) => {
    expect((await call(method, path, null, json)).status).toBe(401);
    expect((await call(method, path, user, json)).status).toBe(403);
    const asAdmin = await call(method, path, admin, json);
    expect([401, 403]).not.toContain(asAdmin.status);
    expect(asAdmin.status).toBeLessThan(500);
  });

  it("checks the caller before reading the body", async () => {
    const response = await call("POST", "/admin/site/vars", null, { key: "" });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ detail: "Sign-in required", status_code: 401, errors: [] });
  });

  it("lists every admin page on the admin home", async () => {
    const { body } = await call("GET", "/admin/home", admin);
    const links = body.groups.flatMap((group: { links: Array<{ link: string }> }) => group.links.map((l) => l.link));
    for (const page of [
      "/admin/common/users/",
      "/admin/common/api_keys",
      "/admin/common/email_config",
      "/admin/common/kv/",
      "/admin/common/site/vars",
      "/admin/common/site/data/",
      "/admin/common/messages/",
      "/admin/wonder/tags",
      "/admin/wonder/items",
      "/admin/wonder/create",
      "/admin/labs/flux/",
      "/admin/labs/flux/history",
    ]) {
      expect(links).toContain(page);
    }
    for (const group of body.groups) expect(group.name).toEqual(expect.any(String));
  });
});

describe("site data", () => {
  async function newEntry() {
    const { status, body } = await call("POST", "/v1/admin/site/data/new", admin);
    expect(status).toBe(200);
    return body as { id: string; versionNum: number; type: string; is_current: boolean; markdown: string };
  }
  async function save(id: string, input: Record<string, unknown>) {
    return call("POST", `/v1/admin/site/data/entry/${id}`, admin, { id, ...input });
  }

  it("creates empty, not-current entries whose version numbers grow per type", async () => {
    const a = await newEntry();
    const b = await newEntry();
    expect(a).toMatchObject({ type: "terms", markdown: "", is_current: false });
    expect(b.versionNum).toBe(a.versionNum + 1);
    // Moving an entry to another type gives it the next number there.
    const moved = await save(b.id, { type: "privacy-test" });
    expect(moved.body).toMatchObject({ type: "privacy-test", versionNum: 1 });
    const c = await newEntry();
    const movedToo = await save(c.id, { type: "privacy-test" });
    expect(movedToo.body.versionNum).toBe(2);
    const list = await call("GET", "/v1/admin/site/data/list", admin);
    expect(list.body.map((e: { id: string }) => e.id)).toEqual(expect.arrayContaining([a.id, b.id, c.id]));
  });

  it("validates with the spec's messages and refuses mismatched or unknown ids", async () => {
    const entry = await newEntry();
    const short = await save(entry.id, { type: "t" });
    expect(short.status).toBe(400);
    expect(short.body.errors).toContainEqual({ field: "type", message: "Type must be at least 2 characters." });
    const missing = await call("POST", `/v1/admin/site/data/entry/${entry.id}`, admin, { type: "terms" });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.map((e: { field: string }) => e.field)).toContain("id");
    expect(
      (await call("POST", `/v1/admin/site/data/entry/${entry.id}`, admin, { id: ZERO_UUID, type: "terms" })).status,
    ).toBe(400);
    expect((await save("not-a-uuid", { type: "terms" })).status).toBe(404);
    expect((await save(ZERO_UUID, { type: "terms" })).status).toBe(404);
    const huge = await save(entry.id, { type: "terms", markdown: "x".repeat(200_001) });
    expect(huge.status).toBe(400);
    expect(huge.body.detail).toMatch(/200,000/);
    expect((await call("DELETE", "/v1/admin/site/data/entry/nope", admin)).status).toBe(404);
  });

  it("keeps markdown and is_current when they are left out, and accepts the form's True/False", async () => {
    const entry = await newEntry();
    await save(entry.id, { type: "keep-test", markdown: "# Hello", is_current: "True" });
    const again = await save(entry.id, { type: "keep-test" });
    expect(again.body).toMatchObject({ markdown: "# Hello", is_current: true });
    const off = await save(entry.id, { type: "keep-test", is_current: "False" });
    expect(off.body.is_current).toBe(false);
  });

  it("marking an entry current unmarks the others of its type only", async () => {
    const [a, b, other] = [await newEntry(), await newEntry(), await newEntry()];
    await save(other.id, { type: "current-other", is_current: true });
    await save(a.id, { type: "current-test", is_current: true });
    await save(b.id, { type: "current-test", is_current: true });
    const list = (await call("GET", "/v1/admin/site/data/list", admin)).body as Array<{
      id: string;
      type: string;
      is_current: boolean;
    }>;
    expect(list.filter((e) => e.type === "current-test" && e.is_current).map((e) => e.id)).toEqual([b.id]);
    expect(list.find((e) => e.id === other.id)?.is_current).toBe(true);
  });

  it("leaves exactly one current entry when many are marked current at once", async () => {
    const entries = await Promise.all(Array.from({ length: 8 }, () => newEntry()));
    // Give them their own type first (sequentially), then race the saves that mark each one current.
    for (const entry of entries) await save(entry.id, { type: "race-test" });
    const results = await Promise.all(
      entries.map((entry, i) => save(entry.id, { type: "race-test", is_current: true, markdown: `v${i}` })),
    );
    expect(results.map((r) => r.status)).toEqual(entries.map(() => 200));
    const list = (await call("GET", "/v1/admin/site/data/list", admin)).body as Array<{
      type: string;
      is_current: boolean;
      versionNum: number;
    }>;
    const raced = list.filter((e) => e.type === "race-test");
    expect(raced).toHaveLength(8);
    expect(raced.filter((e) => e.is_current)).toHaveLength(1);
    expect(new Set(raced.map((e) => e.versionNum)).size).toBe(8);
    // Concurrent creation never hands out the same version number twice.
    const created = await Promise.all(Array.from({ length: 6 }, () => newEntry()));
    expect(new Set(created.map((e) => e.versionNum)).size).toBe(6);
  });

  it("the public current entry follows a save at once", async () => {
    const [a, b] = [await newEntry(), await newEntry()];
    await save(a.id, { type: "privacy", markdown: "Old policy", is_current: true });
    const current = async () => (await call("GET", "/v1/site/data/current/privacy", null)).body.entry;
    expect((await current()).markdown).toBe("Old policy");
    await save(b.id, { type: "privacy", markdown: "New policy", is_current: true });
    expect(await current()).toMatchObject({ id: b.id, markdown: "New policy", is_current: true });
  });

  it("deletes entries", async () => {
    const entry = await newEntry();
    expect((await call("DELETE", `/v1/admin/site/data/entry/${entry.id}`, admin)).status).toBe(200);
    expect((await call("DELETE", `/v1/admin/site/data/entry/${entry.id}`, admin)).status).toBe(404);
  });
});

describe("site vars", () => {
  it("creates, edits and deletes vars stored as {val}", async () => {
    const created = await call("POST", "/admin/site/vars", admin, {
      key: "max_items",
      sv_val: "42",
      sv_val_type: "int",
    });
    expect(created.status).toBe(200);
    expect(created.body.obj).toMatchObject({ named_key: "max_items", val_type: "int", val_object_json: { val: 42 } });
    const id = created.body.obj.id;
    const edited = await call("POST", "/admin/site/vars", admin, {
      id,
      key: "max_items",
      sv_val: '{"a": [1, 2]}',
      sv_val_type: "json",
    });
    expect(edited.body.obj).toMatchObject({ id, val_type: "json", val_object_json: { val: { a: [1, 2] } } });
    const list = await call("GET", "/admin/site/vars/list", admin);
    expect(list.body.find((v: { id: number }) => v.id === id)).toMatchObject({ named_key: "max_items" });
    expect((await call("DELETE", `/admin/site/var/${id}`, admin)).status).toBe(200);
    expect((await call("DELETE", `/admin/site/var/${id}`, admin)).status).toBe(404);
    expect((await call("DELETE", "/admin/site/var/abc", admin)).status).toBe(400);
  });

  it("parses each type and says clearly when the value does not fit", async () => {
    const cases: Array<[string, string, unknown]> = [
      ["str", " spaced ", " spaced "],
      ["int", "-7", -7],
      ["float", "3.5", 3.5],
      ["bool", "TRUE", true],
      ["bool", "false", false],
      ["json", "[1, null]", [1, null]],
    ];
    for (const [type, text, value] of cases) {
      const { body } = await call("POST", "/admin/site/vars", admin, {
        key: `parse_${type}_${text.trim()}`,
        sv_val: text,
        sv_val_type: type,
      });
      expect(body.obj.val_object_json.val).toEqual(value);
    }
    const bad: Array<[string, string, RegExp]> = [
      ["int", "4.2", /whole number/],
      ["int", "99999999999999999999", /whole number/],
      ["float", "abc", /number/],
      ["bool", "yes", /true or false/],
      ["json", "{oops", /valid JSON/],
    ];
    for (const [type, text, message] of bad) {
      const response = await call("POST", "/admin/site/vars", admin, {
        key: "bad_value",
        sv_val: text,
        sv_val_type: type,
      });
      expect(response.status).toBe(400);
      expect(response.body.errors[0]).toMatchObject({ field: "sv_val", message: expect.stringMatching(message) });
    }
  });

  it("validates with the spec's messages and keeps keys unique", async () => {
    const invalid = await call("POST", "/admin/site/vars", admin, { key: "k", sv_val: "", sv_val_type: "yaml" });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual(
      expect.arrayContaining([
        { field: "key", message: "It must be at least 2 characters." },
        { field: "sv_val", message: "Required." },
        { field: "sv_val_type", message: "Pick one of str, int, float, bool, json." },
      ]),
    );
    await call("POST", "/admin/site/vars", admin, { key: "unique_key", sv_val: "a", sv_val_type: "str" });
    const dup = await call("POST", "/admin/site/vars", admin, { key: "unique_key", sv_val: "b", sv_val_type: "str" });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual([{ field: "key", message: "This key already exists." }]);
    const other = await call("POST", "/admin/site/vars", admin, { key: "other_key", sv_val: "b", sv_val_type: "str" });
    const renameOnto = await call("POST", "/admin/site/vars", admin, {
      id: other.body.obj.id,
      key: "unique_key",
      sv_val: "b",
      sv_val_type: "str",
    });
    expect(renameOnto.status).toBe(409);
    expect(
      (await call("POST", "/admin/site/vars", admin, { id: 987654, key: "ghost", sv_val: "b", sv_val_type: "str" }))
        .status,
    ).toBe(404);
    const long = await call("POST", "/admin/site/vars", admin, {
      key: "big",
      sv_val: "x".repeat(100_001),
      sv_val_type: "str",
    });
    expect(long.status).toBe(400);
    expect(long.body.detail).toMatch(/100,000/);
  });

  it("serves only the public vars to anyone", async () => {
    await call("POST", "/admin/site/vars", admin, { key: "site_name", sv_val: "Probe Site", sv_val_type: "str" });
    await call("POST", "/admin/site/vars", admin, { key: "public_banner", sv_val: "hi", sv_val_type: "str" });
    await call("POST", "/admin/site/vars", admin, { key: "publicXsecret", sv_val: "no", sv_val_type: "str" });
    await call("POST", "/admin/site/vars", admin, {
      key: "img_gen_host",
      sv_val: "https://gpu.example",
      sv_val_type: "str",
    });
    const { status, body } = await call("GET", "/site/vars/public", null);
    expect(status).toBe(200);
    expect(body.vars).toEqual({ site_name: "Probe Site", public_banner: "hi" });
  });
});

describe("key/value store", () => {
  it("creates, lists by literal prefix with paging, edits and deletes", async () => {
    for (const key of ["app:a", "app:b", "app:c", "app_x", "other"]) {
      expect((await call("POST", "/admin/kv", admin, { key, value: `v-${key}` })).status).toBe(200);
    }
    const json = await call("POST", "/admin/kv", admin, { key: "cfg", value: '{"on": true}', value_type: "json" });
    expect(json.body).toMatchObject({ key: "cfg", value_type: "json", value: { on: true }, expires_at: null });
    expect((await call("POST", "/admin/kv", admin, { key: "cfg", value: "again" })).status).toBe(409);
    const nullJson = await call("POST", "/admin/kv", admin, { key: "empty-json", value: "null", value_type: "json" });
    expect(nullJson.body).toMatchObject({ value_type: "json", value: null });

    const page1 = await call("GET", "/admin/kv?prefix=app:&page_size=2", admin);
    expect(page1.body).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(page1.body.items.map((e: { key: string }) => e.key)).toEqual(["app:a", "app:b"]);
    const page2 = await call("GET", "/admin/kv?prefix=app:&page_size=2&page=2", admin);
    expect(page2.body.items.map((e: { key: string }) => e.key)).toEqual(["app:c"]);
    // "_" is not a wildcard: app_ matches app_x only.
    const underscore = await call("GET", "/admin/kv?prefix=app_", admin);
    expect(underscore.body.items.map((e: { key: string }) => e.key)).toEqual(["app_x"]);
    expect((await call("GET", "/admin/kv?page_size=1000", admin)).status).toBe(400);

    const edited = await call("PUT", "/admin/kv/other", admin, {
      key: "other",
      value: "[1,2]",
      value_type: "json",
      expires_at: "2999-01-01T00:00",
    });
    expect(edited.body).toMatchObject({ value: [1, 2], expires_at: "2999-01-01T00:00:00.000Z" });
    expect((await call("PUT", "/admin/kv/other", admin, { key: "renamed", value: "x" })).status).toBe(400);
    expect((await call("PUT", "/admin/kv/missing", admin, { key: "missing", value: "x" })).status).toBe(404);
    expect((await call("DELETE", "/admin/kv/other", admin)).status).toBe(200);
    expect((await call("DELETE", "/admin/kv/other", admin)).status).toBe(404);
  });

  it("validates keys, JSON values and expiry", async () => {
    const bad = await call("POST", "/admin/kv", admin, {
      key: "has space",
      value: "{",
      value_type: "json",
      expires_at: "tomorrow",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["expires_at", "key", "value"]);
    const past = await call("POST", "/admin/kv", admin, { key: "past", value: "x", expires_at: "2001-01-01T00:00" });
    expect(past.status).toBe(400);
    expect(past.body.errors).toEqual([{ field: "expires_at", message: "The expiry must be in the future." }]);
  });

  it("hides expired keys and lets their name be reused", async () => {
    await call("POST", "/admin/kv", admin, { key: "short-lived", value: "x", expires_at: "2999-01-01T00:00" });
    await h.database.db
      .update(kvEntries)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(sql`${kvEntries.key} = 'short-lived'`);
    const list = await call("GET", "/admin/kv?prefix=short", admin);
    expect(list.body.total).toBe(0);
    expect((await call("GET", "/v1/kv/short-lived", admin)).status).toBe(404);
    expect((await call("POST", "/admin/kv", admin, { key: "short-lived", value: "y" })).status).toBe(200);
  });

  it("serves other services with an API key", async () => {
    const secret = "kv-service-key-0123456789";
    await h.database.db
      .insert(apiKeys)
      .values({ serviceName: "KV_TEST", apiKeyEncrypted: encryptSecret(secret), apiKeyDigest: hmacDigest(secret) });
    const withKey = (method: string, path: string, json?: unknown, key = secret) =>
      h
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
    expect((await call("GET", "/v1/kv/svc", null)).status).toBe(401);
    expect((await call("GET", "/v1/kv/svc", user)).status).toBe(403);
    expect((await call("GET", "/v1/kv/svc", admin)).status).toBe(200);
    expect((await withKey("DELETE", "/v1/kv/svc")).status).toBe(200);
    expect((await withKey("GET", "/v1/kv/svc")).status).toBe(404);
  });
});

describe("wonder", () => {
  it("manages tags with unique slugs; deleting a tag leaves its items", async () => {
    const tag = await call("POST", "/admin/wonder/tags", admin, { name: "Night Sky!", color: "#112233" });
    expect(tag.body).toMatchObject({ name: "Night Sky!", slug: "night-sky", color: "#112233", item_count: 0 });
    const dup = await call("POST", "/admin/wonder/tags", admin, { name: "Night sky" });
    expect(dup.status).toBe(409);
    expect(dup.body.errors[0].field).toBe("slug");
    expect((await call("POST", "/admin/wonder/tags", admin, { name: "!!!" })).status).toBe(400);
    expect((await call("POST", "/admin/wonder/tags", admin, { name: "x", color: "red" })).status).toBe(400);
    const renamed = await call("PUT", `/admin/wonder/tags/${tag.body.id}`, admin, { name: "Stars", slug: "stars" });
    expect(renamed.body).toMatchObject({ name: "Stars", slug: "stars", color: null });

    const item = await call("POST", "/admin/wonder/items", admin, { title: "Orion", tag_ids: [tag.body.id] });
    expect(item.body.tags.map((t: { slug: string }) => t.slug)).toEqual(["stars"]);
    const tags = await call("GET", "/admin/wonder/tags", admin);
    expect(tags.body.tags.find((t: { id: string }) => t.id === tag.body.id).item_count).toBe(1);
    expect((await call("DELETE", `/admin/wonder/tags/${tag.body.id}`, admin)).status).toBe(200);
    const after = await call("GET", `/admin/wonder/items/${item.body.id}`, admin);
    expect(after.status).toBe(200);
    expect(after.body.tags).toEqual([]);
  });

  it("creates, filters, pages, edits and deletes items", async () => {
    const moon = (await call("POST", "/admin/wonder/tags", admin, { name: "Moon" })).body;
    const created = await call("POST", "/admin/wonder/items", admin, {
      title: "Éclipse de Lune",
      summary: "Red moon",
      body_markdown: "# Total",
      image_url: "https://example.com/moon.png",
      status: "published",
      tag_ids: [moon.id],
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      slug: "eclipse-de-lune",
      status: "published",
      image_url: "https://example.com/moon.png",
    });
    expect((await call("POST", "/admin/wonder/items", admin, { title: "Eclipse de lune" })).status).toBe(409);
    for (let i = 0; i < 3; i++) await call("POST", "/admin/wonder/items", admin, { title: `Draft ${i}` });

    const byTag = await call("GET", "/admin/wonder/items?tag=moon", admin);
    expect(byTag.body.items.map((i: { id: string }) => i.id)).toEqual([created.body.id]);
    const drafts = await call("GET", "/admin/wonder/items?status=draft", admin);
    expect(drafts.body.items.every((i: { status: string }) => i.status === "draft")).toBe(true);
    expect((await call("GET", "/admin/wonder/items?status=gone", admin)).status).toBe(400);
    const all = await call("GET", "/admin/wonder/items?page=1", admin);
    expect(all.body.total).toBeGreaterThanOrEqual(4);
    expect(all.body.page_size).toBe(20);

    const edited = await call("PUT", `/admin/wonder/items/${created.body.id}`, admin, {
      title: "Lunar eclipse",
      slug: "lunar",
      status: "draft",
      tag_ids: [],
    });
    expect(edited.body).toMatchObject({
      title: "Lunar eclipse",
      slug: "lunar",
      status: "draft",
      image_url: null,
      tags: [],
    });
    const invalid = await call("PUT", `/admin/wonder/items/${created.body.id}`, admin, {
      title: "",
      image_url: "javascript:alert(1)",
      tag_ids: ["nope"],
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "image_url",
      "tag_ids.0",
      "title",
    ]);
    const ghostTag = await call("PUT", `/admin/wonder/items/${created.body.id}`, admin, {
      title: "x",
      tag_ids: [ZERO_UUID],
    });
    expect(ghostTag.status).toBe(400);
    expect((await call("DELETE", `/admin/wonder/items/${created.body.id}`, admin)).status).toBe(200);
    expect((await call("GET", `/admin/wonder/items/${created.body.id}`, admin)).status).toBe(404);
    expect((await call("GET", "/admin/wonder/items/not-a-uuid", admin)).status).toBe(404);
  });
});
