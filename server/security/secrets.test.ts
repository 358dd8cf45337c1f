// Secrets leave the server in full only when asked for, one at a time: API key lists show a prefix, the session
// endpoint hands the token to bearer callers only; and secret site vars are stored encrypted.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionCookie } from "../auth/cookie";
import { apiKeys } from "../db/schema";
import { createApiHarness, type ApiHarness } from "#tests/support/api-harness.ts";

let h: ApiHarness;
let admin: Awaited<ReturnType<ApiHarness["signIn"]>>;

beforeAll(async () => {
  h = await createApiHarness();
  admin = await h.signIn({ admin: true });
});
afterAll(async () => {
  await h.close();
});

async function json(response: Response) {
  return (await response.json()) as Record<string, any>;
}

describe("API keys", () => {
  const key = "sk_3fa9" + "Q7x".repeat(12);
  let id: string;
  beforeAll(async () => {
    const saved = await h.request("/v1/admin/api_keys", {
      method: "POST",
      token: admin.token,
      json: { service_name: "SECRET_TEST", api_key: key },
    });
    expect(saved.status).toBe(200);
    const answer = await saved.text();
    expect(answer).not.toContain(key);
    id = (JSON.parse(answer) as { api_key: { id: string } }).api_key.id;
  });

  it("are listed as a prefix and an ellipsis, never in full", async () => {
    const list = await h.request("/v1/admin/api_keys", { token: admin.token });
    const text = await list.text();
    expect(text).not.toContain(key);
    const record = (JSON.parse(text) as { api_keys: { id: string; api_key: string }[] }).api_keys.find(
      (k) => k.id === id,
    );
    expect(record?.api_key).toBe("sk_3fa…");
  });

  it("are given in full one at a time, to administrators only, never cached", async () => {
    const secret = await h.request(`/v1/admin/api_keys/${id}/secret`, { token: admin.token });
    expect(secret.status).toBe(200);
    expect(secret.headers.get("cache-control")).toBe("no-store");
    expect(await json(secret)).toEqual({ api_key: key });
    const user = await h.signIn();
    expect((await h.request(`/v1/admin/api_keys/${id}/secret`, { token: user.token })).status).toBe(403);
    expect((await h.request(`/v1/admin/api_keys/${id}/secret`, { token: null })).status).toBe(401);
    expect(
      (await h.request("/v1/admin/api_keys/00000000-0000-4000-8000-000000000000/secret", { token: admin.token }))
        .status,
    ).toBe(404);
  });

  it("keep the saved key when an edit leaves the key empty; a new key needs one", async () => {
    const edited = await h.request("/v1/admin/api_keys", {
      method: "POST",
      token: admin.token,
      json: { edit_id: id, service_name: "SECRET_RENAMED", api_key: "" },
    });
    expect(edited.status, await edited.clone().text()).toBe(200);
    expect(await json(await h.request(`/v1/admin/api_keys/${id}/secret`, { token: admin.token }))).toEqual({
      api_key: key,
    });
    const [row] = await h.database.db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(row?.serviceName).toBe("SECRET_RENAMED");
    const keyless = await h.request("/v1/admin/api_keys", {
      method: "POST",
      token: admin.token,
      json: { service_name: "NO_KEY_GIVEN" },
    });
    expect(keyless.status).toBe(400);
    expect((await json(keyless)).errors).toEqual([{ field: "api_key", message: "API key is required." }]);
  });
});

describe("the session token", () => {
  it("is in GET /api/auth/session for a bearer caller only; a cookie caller gets null", async () => {
    const { token } = await h.signIn();
    const bearer = await json(await h.request("/auth/session", { token }));
    expect(bearer.sessionToken).toBe(token);
    const cookie = await sessionCookie().serialize(token);
    const byCookie = await h.request("/auth/session", { headers: { cookie } });
    const text = await byCookie.text();
    expect(JSON.parse(text).user).not.toBeNull();
    expect(JSON.parse(text).sessionToken).toBeNull();
    expect(text).not.toContain(token);
  });

  it("is given to its administrator on demand for the My session copy button, never cached", async () => {
    const response = await h.request("/v1/admin/session_token", { token: admin.token });
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await json(response)).toEqual({ session_token: admin.token });
  });
});

describe("secret site vars", () => {
  const siteVarsText = async () =>
    JSON.stringify(
      ((await h.database.db.execute(sql`select * from site_vars`)) as unknown as { rows: unknown[] }).rows,
    );
  const save = (body: Record<string, unknown>) =>
    h.request("/admin/site/vars", { method: "POST", token: admin.token, json: body });
  const list = async () =>
    (await (await h.request("/admin/site/vars/list", { token: admin.token })).json()) as Record<string, any>[];

  it("are stored encrypted, listed masked, and read back exactly as saved", async () => {
    const key = "img-host-key-" + "Zz9".repeat(8);
    const created = await save({ key: "img_gen_api_key", sv_val: key, sv_val_type: "str" });
    expect(created.status, await created.clone().text()).toBe(200);
    expect(await created.clone().text()).not.toContain(key);
    expect(await siteVarsText()).not.toContain(key);
    const listed = (await list()).find((item) => item.named_key === "img_gen_api_key");
    expect(listed).toMatchObject({ secret: true, val_object_json: { val: null } });
    expect((await json(await h.request("/v1/admin/img_gen/config", { token: admin.token }))).api_key).toBe(key);

    // Any type, any text: what comes back is exactly what was saved.
    const value = { nested: [1, 2.5, true, null, "ünïcødé \u0000-free ☃ \ud83d\ude00"], 'quote"': "<b>&amp;</b>" };
    expect((await save({ key: "secret_config", sv_val: JSON.stringify(value), sv_val_type: "json" })).status).toBe(200);
    expect(await siteVarsText()).not.toContain("ünïcødé");
    const { readSiteVar } = await import("../services/site-vars");
    expect(await readSiteVar(h.database.db, "secret_config")).toEqual(value);
    expect((await save({ key: "smtp_password", sv_val: "42", sv_val_type: "int" })).status).toBe(200);
    expect(await readSiteVar(h.database.db, "smtp_password")).toBe(42);
    // Not secret by name: stored and listed as before.
    expect((await save({ key: "public_motto", sv_val: "hello there", sv_val_type: "str" })).status).toBe(200);
    expect(await siteVarsText()).toContain("hello there");
    expect((await list()).find((item) => item.named_key === "public_motto")).toMatchObject({
      secret: false,
      val_object_json: { val: "hello there" },
    });
  });

  it("keep their value when an edit leaves it empty; a plain var still needs one", async () => {
    const { readSiteVar } = await import("../services/site-vars");
    const saved = (await list()).find((item) => item.named_key === "img_gen_api_key")!;
    const before = await readSiteVar(h.database.db, "img_gen_api_key");
    const edited = await save({ id: saved.id, key: "img_gen_api_key", sv_val: "", sv_val_type: "str" });
    expect(edited.status, await edited.clone().text()).toBe(200);
    expect(await readSiteVar(h.database.db, "img_gen_api_key")).toBe(before);
    const plain = (await list()).find((item) => item.named_key === "public_motto")!;
    const refused = await save({ id: plain.id, key: "public_motto", sv_val: "", sv_val_type: "str" });
    expect(refused.status).toBe(400);
  });

  it("saved in clear earlier are read, then sealed at start-up without changing their value", async () => {
    const { siteVars } = await import("../db/schema");
    const { sealSecretSiteVars } = await import("../services/secret-site-vars");
    const { readSiteVar } = await import("../services/site-vars");
    const legacy = "legacy-clear-token-0123456789";
    await h.database.db
      .insert(siteVars)
      .values({ namedKey: "legacy_token", valType: "str", valObjectJson: JSON.stringify({ val: legacy }) });
    expect(await readSiteVar(h.database.db, "legacy_token")).toBe(legacy);
    expect(await sealSecretSiteVars(h.database.db)).toBe(1);
    expect(await sealSecretSiteVars(h.database.db)).toBe(0);
    expect(await siteVarsText()).not.toContain(legacy);
    expect(await readSiteVar(h.database.db, "legacy_token")).toBe(legacy);
  });
});
