import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys } from "#server/db/schema.ts";
import { decryptSecret, hmacDigest } from "#server/lib/crypto.ts";
import { createApiHarness, type ApiHarness } from "#tests/support/api-harness.ts";
import { readJson, wholeDatabaseText } from "#tests/support/admin-api.ts";
import { generateApiKey } from "#shared/contract/api-keys-vocabulary.ts";

let h: ApiHarness;
let admin: Awaited<ReturnType<ApiHarness["signIn"]>>;

beforeAll(async () => {
  h = await createApiHarness();
  admin = await h.signIn({ admin: true });
});
afterAll(async () => {
  await h.close();
});

describe("API keys", () => {
  it("stores keys encrypted: the database never holds a key in clear", async () => {
    const key = "clear-key-" + "Zq8".repeat(10);
    const response = await h.request("/v1/admin/api_keys", {
      method: "POST",
      token: admin.token,
      json: { service_name: "PROBE_APP", api_key: key },
    });
    expect(response.status).toBe(200);
    const saved = (await readJson(response)).api_key;
    expect(saved).toMatchObject({ service_name: "PROBE_APP", api_key: `${key.slice(0, 6)}…`, user_id: admin.userId });
    expect(await wholeDatabaseText(h.database.db)).not.toContain(key);
    const [row] = await h.database.db.select().from(apiKeys).where(eq(apiKeys.id, saved.id));
    expect(row?.apiKeyDigest).toBe(hmacDigest(key));
    expect(decryptSecret(row!.apiKeyEncrypted)).toBe(key);
    const list = await readJson(await h.request("/v1/admin/api_keys", { token: admin.token }));
    expect(list.api_keys.find((k: { id: string }) => k.id === saved.id)).toEqual(saved);
  });

  it("validates the service name (at least 6) and key (at least 10) with clear messages", async () => {
    const response = await h.request("/v1/admin/api_keys", {
      method: "POST",
      token: admin.token,
      json: { service_name: "abc", api_key: "short" },
    });
    expect(response.status).toBe(400);
    expect((await readJson(response)).errors).toEqual([
      { field: "service_name", message: "Service name must be at least 6 characters." },
      { field: "api_key", message: "API key must be at least 10 characters." },
    ]);
    const huge = await h.request("/v1/admin/api_keys", {
      method: "POST",
      token: admin.token,
      json: { service_name: "BIG_ONE", api_key: "x".repeat(600) },
    });
    expect((await readJson(huge)).errors).toEqual([
      { field: "api_key", message: "API key must be at most 512 characters." },
    ]);
  });

  it("refuses keys a guesser could find, with the estimate and the floor", async () => {
    for (const weak of ["1111111111", "aaaaaaaaaa", "abcdefghijklmnop"]) {
      const response = await h.request("/v1/admin/api_keys", {
        method: "POST",
        token: admin.token,
        json: { service_name: "WEAK_KEY", api_key: weak },
      });
      expect(response.status).toBe(400);
      expect((await readJson(response)).errors).toEqual([
        {
          field: "api_key",
          message: expect.stringMatching(/^API key is too easy to guess: about \d+ bits of entropy, at least 64 are/),
        },
      ]);
    }
    const generated = await h.request("/v1/admin/api_keys", {
      method: "POST",
      token: admin.token,
      json: { service_name: "STRONG_KEY", api_key: generateApiKey() },
    });
    expect(generated.status).toBe(200);
  });

  it("gives a new key only reports:upload unless granted more, and an edit keeps or replaces the scopes", async () => {
    const save = async (json: Record<string, unknown>) => {
      const response = await h.request("/v1/admin/api_keys", { method: "POST", token: admin.token, json });
      return { status: response.status, body: await readJson(response) };
    };
    const plain = (await save({ service_name: "LEAST_PRIVILEGE", api_key: generateApiKey() })).body.api_key;
    expect(plain.scopes).toEqual(["reports:upload"]);
    const granted = await save({
      service_name: "KV_CLIENT",
      api_key: generateApiKey(),
      scopes: ["kv:write", "kv:read", "kv:read"],
    });
    expect(granted.body.api_key.scopes).toEqual(["kv:read", "kv:write"]);
    const id = granted.body.api_key.id;
    expect((await save({ edit_id: id, service_name: "KV_CLIENT_RENAMED" })).body.api_key.scopes).toEqual([
      "kv:read",
      "kv:write",
    ]);
    expect((await save({ edit_id: id, service_name: "KV_CLIENT", scopes: [] })).body.api_key.scopes).toEqual([]);
    const unknown = await save({ edit_id: id, service_name: "KV_CLIENT", scopes: ["admin"] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([
      { field: "scopes.0", message: "A scope is one of reports:upload, kv:read, kv:write." },
    ]);
    const list = await readJson(await h.request("/v1/admin/api_keys", { token: admin.token }));
    expect(list.api_keys.find((k: { id: string }) => k.id === id).scopes).toEqual([]);
  });

  it("edits a key in place, refuses a key already in use, and keeps the creator", async () => {
    const first = (
      await readJson(
        await h.request("/v1/admin/api_keys", {
          method: "POST",
          token: admin.token,
          json: { service_name: "EDIT_ME", api_key: "edit-me-key-0001" },
        }),
      )
    ).api_key;
    await h.request("/v1/admin/api_keys", {
      method: "POST",
      token: admin.token,
      json: { service_name: "OTHER_KEY", api_key: "other-key-00001" },
    });
    const clash = await h.request("/v1/admin/api_keys", {
      method: "POST",
      token: admin.token,
      json: { edit_id: first.id, service_name: "EDIT_ME", api_key: "other-key-00001" },
    });
    expect(clash.status).toBe(409);
    expect((await readJson(clash)).errors).toEqual([{ field: "api_key", message: "This API key is already in use." }]);
    const other = await h.signIn({ admin: true });
    const edited = await h.request("/v1/admin/api_keys", {
      method: "POST",
      token: other.token,
      json: { edit_id: first.id, service_name: "EDITED", api_key: "edited-key-0001" },
    });
    expect((await readJson(edited)).api_key).toMatchObject({
      id: first.id,
      service_name: "EDITED",
      api_key: "edi…",
      user_id: admin.userId,
    });
    const gone = await h.request("/v1/admin/api_keys", {
      method: "POST",
      token: admin.token,
      json: { edit_id: "00000000-0000-4000-8000-000000000000", service_name: "EDITED", api_key: "edited-key-0002" },
    });
    expect(gone.status).toBe(404);
  });

  it("refuses to delete one's own SPARK_API key and deletes others, answering number", async () => {
    const own = (
      await readJson(
        await h.request("/v1/admin/api_keys", {
          method: "POST",
          token: admin.token,
          json: { service_name: "SPARK_API", api_key: "spark-own-key-01" },
        }),
      )
    ).api_key;
    const refused = await h.request(`/v1/admin/api_keys/${own.id}`, { method: "DELETE", token: admin.token });
    expect(refused.status).toBe(409);
    const other = await h.signIn({ admin: true });
    expect(
      await readJson(await h.request(`/v1/admin/api_keys/${own.id}`, { method: "DELETE", token: other.token })),
    ).toEqual({ number: 1, hold_id: expect.any(String) });
    expect(
      await readJson(await h.request(`/v1/admin/api_keys/${own.id}`, { method: "DELETE", token: other.token })),
    ).toEqual({ number: 0, hold_id: null });
  });
});
