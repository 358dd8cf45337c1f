import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiHarness, type ApiHarness } from "../../../tests/support/api-harness";
import { callJson } from "../../../tests/support/admin-api";

let h: ApiHarness;
let admin: string;
beforeAll(async () => {
  h = await createApiHarness();
  admin = (await h.signIn({ admin: true })).token;
});
afterAll(async () => {
  await h.close();
});

const call = (method: string, path: string, token: string | null, json?: unknown) =>
  callJson(h, method, path, token, json);

describe("public site vars", () => {
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

  it("sends a public json var exactly as saved", async () => {
    const written = '{"title":"x","limits":{"a":1},"tags":["a"],"big":12345678901234567890}';
    await call("POST", "/admin/site/vars", admin, { key: "public_json", sv_val: written, sv_val_type: "json" });
    const text = await (await h.request("/site/vars/public")).text();
    expect(text).toContain(`"public_json":${written}`);
  });
});
