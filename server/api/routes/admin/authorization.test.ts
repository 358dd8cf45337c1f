import { describe, expect, it } from "vitest";
import { adminApiFile, readJson } from "#tests/support/admin-api.ts";

const api = adminApiFile({ user: true });

const ZERO_UUID = "00000000-0000-4000-8000-000000000000";

describe("content endpoints", () => {
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
    ["POST", `/v1/admin/deleted/${ZERO_UUID}/restore`],
  ];

  it.each(endpoints)("%s %s: 401 anonymous, 403 for a user, allowed for an admin", async (method, path, json) => {
    expect((await api.call(method, path, null, json)).status).toBe(401);
    expect((await api.call(method, path, api.user, json)).status).toBe(403);
    const asAdmin = await api.call(method, path, api.admin, json);
    expect([401, 403]).not.toContain(asAdmin.status);
    expect(asAdmin.status).toBeLessThan(500);
  });

  it("checks the caller before reading the body", async () => {
    const response = await api.call("POST", "/admin/site/vars", null, { key: "" });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ detail: "Sign-in required", status_code: 401, errors: [] });
  });
});

describe("people and integration endpoints", () => {
  const endpoints: [string, string][] = [
    ["GET", "/v1/admin/auth/user_list"],
    ["GET", "/v1/admin/auth/users/00000000-0000-4000-8000-000000000000"],
    ["POST", "/v1/admin/auth/users"],
    ["POST", "/v1/admin/auth/users/00000000-0000-4000-8000-000000000000/password"],
    ["POST", "/v1/admin/auth/users/00000000-0000-4000-8000-000000000000/superuser"],
    ["DELETE", "/v1/admin/auth/users/delete/00000000-0000-4000-8000-000000000000"],
    ["POST", "/v1/admin/auth/accounts/00000000-0000-4000-8000-000000000000"],
    ["POST", "/v1/auth/users/00000000-0000-4000-8000-000000000000/config_firebase"],
    ["GET", "/v1/admin/api_keys"],
    ["POST", "/v1/admin/api_keys"],
    ["DELETE", "/v1/admin/api_keys/00000000-0000-4000-8000-000000000000"],
    ["GET", "/v1/admin/site/email/config"],
    ["POST", "/v1/admin/site/email/test"],
    ["GET", "/v1/admin/gmail/connect/start?redirect_uri=http://localhost/auth/admin/gmail/connect"],
    ["POST", "/v1/admin/gmail/connect/callback"],
    ["DELETE", "/v1/admin/gmail/connect/00000000-0000-4000-8000-000000000000"],
    ["GET", "/v1/admin/img_gen/config"],
    ["POST", "/v1/admin/img_gen/flux"],
    ["GET", "/v1/admin/img_gen/history"],
    ["DELETE", "/v1/admin/img_gen/job/x"],
  ];

  it("answers 401 without a session and 403 for a signed-in non-admin, before validating anything", async () => {
    const user = await api.h.signIn();
    for (const [method, path] of endpoints) {
      const anonymous = await api.h.request(path, {
        method,
        json: method === "GET" || method === "DELETE" ? undefined : {},
      });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(await readJson(anonymous)).toMatchObject({ status_code: 401, detail: "Sign-in required" });
      const forbidden = await api.h.request(path, {
        method,
        token: user.token,
        json: method === "GET" || method === "DELETE" ? undefined : {},
      });
      expect(forbidden.status, `${method} ${path}`).toBe(403);
    }
  });

  it("lists every endpoint in the OpenAPI document", async () => {
    const doc = await readJson(await api.h.request("/openapi.json"));
    for (const path of [
      "/api/v1/admin/auth/user_list",
      "/api/v1/auth/users/{userId}/config_firebase",
      "/api/v1/admin/api_keys",
      "/api/v1/admin/img_gen/flux",
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});
