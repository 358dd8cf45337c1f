import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiHarness, type ApiHarness } from "../../../../tests/support/api-harness";
import { callJson } from "../../../../tests/support/admin-api";

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

describe("admin home", () => {
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
