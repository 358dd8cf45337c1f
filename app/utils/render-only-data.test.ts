import { describe, expect, it } from "vitest";
import { readRenderOnlyData, renderOnlyData } from "./render-only-data";

describe("render-only loader data", () => {
  const value = { list: [{ id: "a", megapixels: 12.5, note: null }], total: 1 };

  it("an encoder that walks enumerable keys sees one JSON string", () => {
    const box = renderOnlyData(value);
    expect(Object.keys(box)).toEqual(["json"]);
    expect(JSON.parse(box.json)).toEqual(value);
  });

  it("gives the server's render the value itself, unparsed", () => {
    expect(readRenderOnlyData(renderOnlyData(value))).toBe(value);
  });

  it("reads the value back from the JSON alone, as a browser receives it after a client navigation", () => {
    const received = JSON.parse(JSON.stringify(renderOnlyData(value))) as ReturnType<
      typeof renderOnlyData<typeof value>
    >;
    expect(readRenderOnlyData(received)).toEqual(value);
  });
});
