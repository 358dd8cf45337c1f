import { describe, expect, it } from "vitest";
import { readRenderOnlyData, renderOnlyData, type RenderOnlyData } from "./render-only-data";

describe("render-only loader data", () => {
  const value = { list: [{ id: "a", megapixels: 12.5, note: null }], total: 1 };
  const documentRequest = new Request("http://localhost/camera2/report_list?q=pixel.data");
  const dataRequest = new Request("http://localhost/camera2/report_list.data?q=pixel&_routes=routes%2Freport-list");
  // What the browser gets: the enumerable fields, as React Router's encoding walks them.
  const sent = <T>(box: RenderOnlyData<T>) => JSON.parse(JSON.stringify(box)) as RenderOnlyData<T>;

  it("gives the encoder of a page's HTML nothing to walk, and its render the value itself", () => {
    const box = renderOnlyData(documentRequest, value);
    expect(Object.keys(box)).toEqual([]);
    expect(readRenderOnlyData(box)).toBe(value);
  });

  it("gives the encoder of a client navigation's data one JSON string, which the browser reads back", () => {
    const box = renderOnlyData(dataRequest, value);
    expect(Object.keys(box)).toEqual(["json"]);
    expect(readRenderOnlyData(box)).toBe(value);
    expect(readRenderOnlyData(sent(box))).toEqual(value);
  });

  it("says so, instead of a parse error, if a page's HTML data ever reached a browser", () => {
    expect(() => readRenderOnlyData(sent(renderOnlyData(documentRequest, value)))).toThrow(/server only/);
  });
});
