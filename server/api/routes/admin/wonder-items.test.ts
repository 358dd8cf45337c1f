import { describe, expect, it } from "vitest";
import { adminApiFile } from "#tests/support/admin-api.ts";

const api = adminApiFile();

const ZERO_UUID = "00000000-0000-4000-8000-000000000000";

describe("wonder items", () => {
  it("creates, filters, pages, edits and deletes items", async () => {
    const moon = (await api.call("POST", "/admin/wonder/tags", api.admin, { name: "Moon" })).body;
    const created = await api.call("POST", "/admin/wonder/items", api.admin, {
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
    expect((await api.call("POST", "/admin/wonder/items", api.admin, { title: "Eclipse de lune" })).status).toBe(409);
    for (let i = 0; i < 3; i++) await api.call("POST", "/admin/wonder/items", api.admin, { title: `Draft ${i}` });

    const byTag = await api.call("GET", "/admin/wonder/items?tag=moon", api.admin);
    expect(byTag.body.items.map((i: { id: string }) => i.id)).toEqual([created.body.id]);
    const drafts = await api.call("GET", "/admin/wonder/items?status=draft", api.admin);
    expect(drafts.body.items.every((i: { status: string }) => i.status === "draft")).toBe(true);
    expect((await api.call("GET", "/admin/wonder/items?status=gone", api.admin)).status).toBe(400);
    const all = await api.call("GET", "/admin/wonder/items?page=1", api.admin);
    expect(all.body.total).toBeGreaterThanOrEqual(4);
    expect(all.body.page_size).toBe(20);

    const edited = await api.call("PUT", `/admin/wonder/items/${created.body.id}`, api.admin, {
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
    const invalid = await api.call("PUT", `/admin/wonder/items/${created.body.id}`, api.admin, {
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
    const ghostTag = await api.call("PUT", `/admin/wonder/items/${created.body.id}`, api.admin, {
      title: "x",
      tag_ids: [ZERO_UUID],
    });
    expect(ghostTag.status).toBe(400);
    expect((await api.call("DELETE", `/admin/wonder/items/${created.body.id}`, api.admin)).status).toBe(200);
    expect((await api.call("GET", `/admin/wonder/items/${created.body.id}`, api.admin)).status).toBe(404);
    expect((await api.call("GET", "/admin/wonder/items/not-a-uuid", api.admin)).status).toBe(404);
  });
});
