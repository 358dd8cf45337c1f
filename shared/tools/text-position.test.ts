import { describe, expect, it } from "vitest";
import { LineIndex, positionAt } from "./text-position";

describe("LineIndex", () => {
  const text = "a\nbb\r\ncc\rd\n\ne";
  const offsets = Array.from({ length: text.length + 1 }, (_, offset) => offset);

  it("agrees with positionAt for every offset, asked in order", () => {
    const lines = new LineIndex(text);
    for (const offset of offsets) expect(lines.lineOf(offset), `offset ${offset}`).toBe(positionAt(text, offset).line);
  });

  it("agrees with positionAt when asked out of order (it reads only as far as needed)", () => {
    const lines = new LineIndex(text);
    for (const offset of [...offsets].reverse())
      expect(lines.lineOf(offset), `offset ${offset}`).toBe(positionAt(text, offset).line);
    const fresh = new LineIndex(text);
    for (const offset of [7, 2, 12, 0, 5])
      expect(fresh.lineOf(offset), `offset ${offset}`).toBe(positionAt(text, offset).line);
  });
});
