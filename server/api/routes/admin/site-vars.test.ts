import { describe, expect, it } from "vitest";
import { adminApiFile } from "#tests/support/admin-api.ts";

const api = adminApiFile();

describe("site vars", () => {
  it("creates, edits and deletes vars stored as {val}", async () => {
    const created = await api.call("POST", "/admin/site/vars", api.admin, {
      key: "max_items",
      sv_val: "42",
      sv_val_type: "int",
    });
    expect(created.status).toBe(200);
    expect(created.body.obj).toMatchObject({ named_key: "max_items", val_type: "int", val_object_json: { val: 42 } });
    const id = created.body.obj.id;
    const edited = await api.call("POST", "/admin/site/vars", api.admin, {
      id,
      key: "max_items",
      sv_val: '{"a": [1, 2]}',
      sv_val_type: "json",
    });
    expect(edited.body.obj).toMatchObject({ id, val_type: "json", val_object_json: { val: { a: [1, 2] } } });
    const list = await api.call("GET", "/admin/site/vars/list", api.admin);
    expect(list.body.find((v: { id: number }) => v.id === id)).toMatchObject({ named_key: "max_items" });
    expect((await api.call("DELETE", `/admin/site/var/${id}`, api.admin)).status).toBe(200);
    expect((await api.call("DELETE", `/admin/site/var/${id}`, api.admin)).status).toBe(404);
    expect((await api.call("DELETE", "/admin/site/var/abc", api.admin)).status).toBe(400);
  });

  it("parses each type and says clearly when the value does not fit", async () => {
    const cases: Array<[string, string, unknown]> = [
      ["str", " spaced ", " spaced "],
      ["int", "-7", -7],
      ["float", "3.5", 3.5],
      ["bool", "TRUE", true],
      ["bool", "false", false],
      ["json", "[1, null]", [1, null]],
    ];
    for (const [type, text, value] of cases) {
      const { body } = await api.call("POST", "/admin/site/vars", api.admin, {
        key: `parse_${type}_${text.trim()}`,
        sv_val: text,
        sv_val_type: type,
      });
      expect(body.obj.val_object_json.val).toEqual(value);
    }
    const bad: Array<[string, string, RegExp]> = [
      ["int", "4.2", /whole number/],
      ["int", "99999999999999999999", /whole number/],
      ["float", "abc", /number/],
      ["bool", "yes", /true or false/],
      ["json", "{oops", /valid JSON/],
    ];
    for (const [type, text, message] of bad) {
      const response = await api.call("POST", "/admin/site/vars", api.admin, {
        key: "bad_value",
        sv_val: text,
        sv_val_type: type,
      });
      expect(response.status).toBe(400);
      expect(response.body.errors[0]).toMatchObject({ field: "sv_val", message: expect.stringMatching(message) });
    }
  });

  it("keeps a json value exactly as written: digits, key order and whitespace, also in the list", async () => {
    // JSON.parse would round the big number to …7000 and jsonb would reorder the keys (big, tags, title, limits).
    const written = '{"title":"x","limits":{"a":1},"tags":["a"],"big":12345678901234567890}';
    const pretty = '{\n    "b": 1.0,\n    "2": [1e2, -0],\n    "1": "\\u00e9"\n}';
    for (const [key, text] of [
      ["exact_json", written],
      ["exact_pretty", pretty],
    ]) {
      const saved = await api.h.request("/admin/site/vars", {
        method: "POST",
        token: api.admin,
        json: { key, sv_val: text, sv_val_type: "json" },
      });
      expect(saved.status).toBe(200);
      expect(await saved.text()).toContain(`"val_object_json":{"val":${text}}`);
      const list = await (await api.h.request("/admin/site/vars/list", { token: api.admin })).text();
      expect(list).toContain(`"named_key":"${key}","val_type":"json","val_object_json":{"val":${text}}`);
    }
    // A key twice is refused rather than stored as JSON readers would keep only one of them.
    const twice = await api.call("POST", "/admin/site/vars", api.admin, {
      key: "twice_json",
      sv_val: '{"a": 1, "a": 2}',
      sv_val_type: "json",
    });
    expect(twice.status).toBe(400);
    expect(twice.body.errors[0]).toMatchObject({ field: "sv_val", message: expect.stringMatching(/key "a" more/) });
  });

  it("validates with the product's messages and keeps keys unique", async () => {
    const invalid = await api.call("POST", "/admin/site/vars", api.admin, {
      key: "k",
      sv_val: "",
      sv_val_type: "yaml",
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual(
      expect.arrayContaining([
        { field: "key", message: "It must be at least 2 characters." },
        { field: "sv_val", message: "Required." },
        { field: "sv_val_type", message: "Pick one of str, int, float, bool, json." },
      ]),
    );
    await api.call("POST", "/admin/site/vars", api.admin, { key: "unique_key", sv_val: "a", sv_val_type: "str" });
    const dup = await api.call("POST", "/admin/site/vars", api.admin, {
      key: "unique_key",
      sv_val: "b",
      sv_val_type: "str",
    });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual([{ field: "key", message: "This key already exists." }]);
    const other = await api.call("POST", "/admin/site/vars", api.admin, {
      key: "other_key",
      sv_val: "b",
      sv_val_type: "str",
    });
    const renameOnto = await api.call("POST", "/admin/site/vars", api.admin, {
      id: other.body.obj.id,
      key: "unique_key",
      sv_val: "b",
      sv_val_type: "str",
    });
    expect(renameOnto.status).toBe(409);
    expect(
      (
        await api.call("POST", "/admin/site/vars", api.admin, {
          id: 987654,
          key: "ghost",
          sv_val: "b",
          sv_val_type: "str",
        })
      ).status,
    ).toBe(404);
    const long = await api.call("POST", "/admin/site/vars", api.admin, {
      key: "big",
      sv_val: "x".repeat(100_001),
      sv_val_type: "str",
    });
    expect(long.status).toBe(400);
    expect(long.body.detail).toMatch(/100,000/);
  });
});
