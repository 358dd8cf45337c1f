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

const ZERO_UUID = "00000000-0000-4000-8000-000000000000";

describe("wonder items", () => {
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
