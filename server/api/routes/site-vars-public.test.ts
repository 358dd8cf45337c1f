import { describe, expect, it } from "vitest";
import { adminApiFile } from "#tests/support/admin-api.ts";

const api = adminApiFile();

describe("public site vars", () => {
  it("serves only the public vars to anyone", async () => {
    await api.call("POST", "/admin/site/vars", api.admin, {
      key: "site_name",
      sv_val: "Probe Site",
      sv_val_type: "str",
    });
    await api.call("POST", "/admin/site/vars", api.admin, { key: "public_banner", sv_val: "hi", sv_val_type: "str" });
    await api.call("POST", "/admin/site/vars", api.admin, { key: "publicXsecret", sv_val: "no", sv_val_type: "str" });
    await api.call("POST", "/admin/site/vars", api.admin, {
      key: "img_gen_host",
      sv_val: "https://gpu.example",
      sv_val_type: "str",
    });
    const { status, body } = await api.call("GET", "/site/vars/public", null);
    expect(status).toBe(200);
    expect(body.vars).toEqual({ site_name: "Probe Site", public_banner: "hi" });
  });

  it("sends a public json var exactly as saved", async () => {
    const written = '{"title":"x","limits":{"a":1},"tags":["a"],"big":12345678901234567890}';
    await api.call("POST", "/admin/site/vars", api.admin, { key: "public_json", sv_val: written, sv_val_type: "json" });
    const text = await (await api.h.request("/site/vars/public")).text();
    expect(text).toContain(`"public_json":${written}`);
  });
});
