import { describe, expect, it } from "vitest";
import { adminApiFile } from "#tests/support/admin-api.ts";

const api = adminApiFile();

const ZERO_UUID = "00000000-0000-4000-8000-000000000000";

describe("site data", () => {
  async function newEntry() {
    const { status, body } = await api.call("POST", "/v1/admin/site/data/new", api.admin);
    expect(status).toBe(200);
    return body as { id: string; versionNum: number; type: string; is_current: boolean; markdown: string };
  }
  async function save(id: string, input: Record<string, unknown>) {
    return api.call("POST", `/v1/admin/site/data/entry/${id}`, api.admin, { id, ...input });
  }

  it("creates empty, not-current entries whose version numbers grow per type", async () => {
    const a = await newEntry();
    const b = await newEntry();
    expect(a).toMatchObject({ type: "terms", markdown: "", is_current: false });
    expect(b.versionNum).toBe(a.versionNum + 1);
    // Moving an entry to another type gives it the next number there.
    const moved = await save(b.id, { type: "privacy-test" });
    expect(moved.body).toMatchObject({ type: "privacy-test", versionNum: 1 });
    const c = await newEntry();
    const movedToo = await save(c.id, { type: "privacy-test" });
    expect(movedToo.body.versionNum).toBe(2);
    const list = await api.call("GET", "/v1/admin/site/data/list", api.admin);
    expect(list.body.map((e: { id: string }) => e.id)).toEqual(expect.arrayContaining([a.id, b.id, c.id]));
  });

  it("validates with the product's messages and refuses mismatched or unknown ids", async () => {
    const entry = await newEntry();
    const short = await save(entry.id, { type: "t" });
    expect(short.status).toBe(400);
    expect(short.body.errors).toContainEqual({ field: "type", message: "Type must be at least 2 characters." });
    const missing = await api.call("POST", `/v1/admin/site/data/entry/${entry.id}`, api.admin, { type: "terms" });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.map((e: { field: string }) => e.field)).toContain("id");
    expect(
      (await api.call("POST", `/v1/admin/site/data/entry/${entry.id}`, api.admin, { id: ZERO_UUID, type: "terms" }))
        .status,
    ).toBe(400);
    expect((await save("not-a-uuid", { type: "terms" })).status).toBe(404);
    expect((await save(ZERO_UUID, { type: "terms" })).status).toBe(404);
    const huge = await save(entry.id, { type: "terms", markdown: "x".repeat(200_001) });
    expect(huge.status).toBe(400);
    expect(huge.body.detail).toMatch(/200,000/);
    expect((await api.call("DELETE", "/v1/admin/site/data/entry/nope", api.admin)).status).toBe(404);
  });

  it("keeps markdown and is_current when they are left out, and accepts the form's True/False", async () => {
    const entry = await newEntry();
    await save(entry.id, { type: "keep-test", markdown: "# Hello", is_current: "True" });
    const again = await save(entry.id, { type: "keep-test" });
    expect(again.body).toMatchObject({ markdown: "# Hello", is_current: true });
    const off = await save(entry.id, { type: "keep-test", is_current: "False" });
    expect(off.body.is_current).toBe(false);
  });

  it("marking an entry current unmarks the others of its type only", async () => {
    const [a, b, other] = [await newEntry(), await newEntry(), await newEntry()];
    await save(other.id, { type: "current-other", is_current: true });
    await save(a.id, { type: "current-test", is_current: true });
    await save(b.id, { type: "current-test", is_current: true });
    const list = (await api.call("GET", "/v1/admin/site/data/list", api.admin)).body as Array<{
      id: string;
      type: string;
      is_current: boolean;
    }>;
    expect(list.filter((e) => e.type === "current-test" && e.is_current).map((e) => e.id)).toEqual([b.id]);
    expect(list.find((e) => e.id === other.id)?.is_current).toBe(true);
  });

  it("leaves exactly one current entry when many are marked current at once", async () => {
    const entries = await Promise.all(Array.from({ length: 8 }, () => newEntry()));
    // Give them their own type first (sequentially), then race the saves that mark each one current.
    for (const entry of entries) await save(entry.id, { type: "race-test" });
    const results = await Promise.all(
      entries.map((entry, i) => save(entry.id, { type: "race-test", is_current: true, markdown: `v${i}` })),
    );
    expect(results.map((r) => r.status)).toEqual(entries.map(() => 200));
    const list = (await api.call("GET", "/v1/admin/site/data/list", api.admin)).body as Array<{
      type: string;
      is_current: boolean;
      versionNum: number;
    }>;
    const raced = list.filter((e) => e.type === "race-test");
    expect(raced).toHaveLength(8);
    expect(raced.filter((e) => e.is_current)).toHaveLength(1);
    expect(new Set(raced.map((e) => e.versionNum)).size).toBe(8);
    // Concurrent creation never hands out the same version number twice.
    const created = await Promise.all(Array.from({ length: 6 }, () => newEntry()));
    expect(new Set(created.map((e) => e.versionNum)).size).toBe(6);
  });

  it("the public current entry follows a save at once", async () => {
    const [a, b] = [await newEntry(), await newEntry()];
    await save(a.id, { type: "privacy", markdown: "Old policy", is_current: true });
    const current = async () => (await api.call("GET", "/v1/site/data/current/privacy", null)).body.entry;
    expect((await current()).markdown).toBe("Old policy");
    await save(b.id, { type: "privacy", markdown: "New policy", is_current: true });
    expect(await current()).toMatchObject({ id: b.id, markdown: "New policy", is_current: true });
  });

  it("deletes entries", async () => {
    const entry = await newEntry();
    expect((await api.call("DELETE", `/v1/admin/site/data/entry/${entry.id}`, api.admin)).status).toBe(200);
    expect((await api.call("DELETE", `/v1/admin/site/data/entry/${entry.id}`, api.admin)).status).toBe(404);
  });
});
