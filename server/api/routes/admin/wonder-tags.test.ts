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

describe("wonder tags", () => {
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
});
