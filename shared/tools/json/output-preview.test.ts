import { describe, expect, it } from "vitest";
import { outputPreview, previewNote } from "./output-preview";

describe("outputPreview", () => {
  it("shows a short output whole", () => {
    expect(outputPreview('{\n  "a": 1\n}', 100)).toEqual({ text: '{\n  "a": 1\n}', cut: false });
  });

  it("cuts a long output at the last line end within the limit", () => {
    const output = ["[", ...Array.from({ length: 50 }, (_, i) => `  ${i},`), "  50", "]"].join("\n");
    const { text, cut } = outputPreview(output, 40);
    expect(cut).toBe(true);
    expect(text.length).toBeLessThanOrEqual(40);
    expect(output.startsWith(text)).toBe(true);
    expect(output[text.length]).toBe("\n");
  });

  it("cuts a single long line at the limit", () => {
    expect(outputPreview("x".repeat(100), 10)).toEqual({ text: "x".repeat(10), cut: true });
  });
});

describe("previewNote", () => {
  it("names both sizes and where the whole text is", () => {
    expect(previewNote("x".repeat(2048), 5 * 1024 * 1024, true)).toBe(
      "The box shows the first 2 KB of 5 MB, so the page stays quick. Copy and Download give all of it.",
    );
    expect(previewNote("é".repeat(1024), 4096, false)).toBe(
      "The box shows the first 2 KB of 4 KB, so the page stays quick. Download gives all of it.",
    );
  });
});
