import { describe, expect, it } from "vitest";
import { adminApiFile } from "#tests/support/admin-api.ts";

const api = adminApiFile();

describe("wonder tags", () => {
  it("manages tags with unique slugs; deleting a tag leaves its items", async () => {
    const tag = await api.call("POST", "/admin/wonder/tags", api.admin, { name: "Night Sky!", color: "#112233" });
    expect(tag.body).toMatchObject({ name: "Night Sky!", slug: "night-sky", color: "#112233", item_count: 0 });
    const dup = await api.call("POST", "/admin/wonder/tags", api.admin, { name: "Night sky" });
    expect(dup.status).toBe(409);
    expect(dup.body.errors[0].field).toBe("slug");
    expect((await api.call("POST", "/admin/wonder/tags", api.admin, { name: "!!!" })).status).toBe(400);
    expect((await api.call("POST", "/admin/wonder/tags", api.admin, { name: "x", color: "red" })).status).toBe(400);
    const renamed = await api.call("PUT", `/admin/wonder/tags/${tag.body.id}`, api.admin, {
      name: "Stars",
      slug: "stars",
    });
    expect(renamed.body).toMatchObject({ name: "Stars", slug: "stars", color: null });

    const item = await api.call("POST", "/admin/wonder/items", api.admin, { title: "Orion", tag_ids: [tag.body.id] });
    expect(item.body.tags.map((t: { slug: string }) => t.slug)).toEqual(["stars"]);
    const tags = await api.call("GET", "/admin/wonder/tags", api.admin);
    expect(tags.body.tags.find((t: { id: string }) => t.id === tag.body.id).item_count).toBe(1);
    expect((await api.call("DELETE", `/admin/wonder/tags/${tag.body.id}`, api.admin)).status).toBe(200);
    const after = await api.call("GET", `/admin/wonder/items/${item.body.id}`, api.admin);
    expect(after.status).toBe(200);
    expect(after.body.tags).toEqual([]);
  });
});
