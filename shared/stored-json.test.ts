import { describe, expect, it } from "vitest";
import { checkJsonText, jsonTextsAt, withStringMembers } from "./stored-json";

describe("stored JSON text", () => {
  it("accepts one strict JSON value and says why anything else is refused", () => {
    expect(checkJsonText('{"big": 12345678901234567890, "x": 1.0}', "The value").ok).toBe(true);
    expect(checkJsonText('{"a":1,}', "The value")).toEqual({
      ok: false,
      message: "Enter valid JSON (line 1, column 7: Trailing comma before '}'.)",
    });
    expect(checkJsonText('{"a":{"b":1,\n"b":2}}', "The value")).toEqual({
      ok: false,
      message:
        'The value has the key "b" more than once in $.a (lines 1, 2); JSON readers keep only one of them, ' +
        "so rename or remove the others.",
    });
    expect(checkJsonText("\uFEFF1", "The value")).toMatchObject({ ok: false, message: /byte order mark/ });
    expect(checkJsonText("[".repeat(65) + "]".repeat(65), "The value")).toMatchObject({ ok: false });
  });

  it("finds members' text exactly as written, lined up with an array's items", () => {
    const answer = '[{"v": {"b":1, "a" : [1.0, "]}"]}}, {"w": 1}, {"v": 12345678901234567890}]';
    expect(jsonTextsAt(answer, ["*", "v"])).toEqual(['{"b":1, "a" : [1.0, "]}"]}', undefined, "12345678901234567890"]);
    expect(jsonTextsAt('{"value": "x", "value": [ 1 ]}', ["value"])).toEqual(["[ 1 ]"]);
    expect(jsonTextsAt("not json", ["value"])).toEqual([]);
  });

  it("sets string members in place or after the last member, keeping the rest as written", () => {
    const set = { id: "lab", type: "lab" };
    expect(withStringMembers('{ "big": 12345678901234567890,\n "type" :\t[1.0, {"id": 2}] }', set)).toBe(
      '{ "big": 12345678901234567890,\n "type" :\t"lab","id":"lab" }',
    );
    expect(withStringMembers("{ }", set)).toBe('{"id":"lab","type":"lab" }');
    expect(withStringMembers('{"id": "\\"}", "n": 1}', { id: "x" })).toBe('{"id": "x", "n": 1}');
    expect(withStringMembers("[1]", set)).toBe("[1]");
  });
});
