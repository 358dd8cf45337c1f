import { describe, expect, it } from "vitest";
import { treeEditingChange } from "./json-tree-fidelity";

describe("treeEditingChange", () => {
  it("lets the tree edit what JavaScript keeps exactly", () => {
    expect(treeEditingChange('{"title":"x","limits":{"a":1},"tags":["a", 2.5, -3, 1e-7, true, null]}')).toBeNull();
    expect(treeEditingChange('{"1":0,"2":0,"b":{"\\u00e9":"\\n"}}')).toBeNull();
    expect(treeEditingChange("not json")).toBeNull();
  });

  it("names the first thing the tree would change", () => {
    expect(treeEditingChange('{"big":12345678901234567890}')).toBe(
      "the number 12345678901234567890 would become 12345678901234567000",
    );
    expect(treeEditingChange("[1.0]")).toBe("the number 1.0 would become 1");
    expect(treeEditingChange("[1e2]")).toBe("the number 1e2 would become 100");
    expect(treeEditingChange('{"b":1,"2":0}')).toBe('the key "2" would move to another place');
    expect(treeEditingChange('{"a":1,"a":2}')).toBe('the key "a" is written more than once');
  });
});
