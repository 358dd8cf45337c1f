import { describe, expect, it } from "vitest";
import { countUtf8Bytes, utf8ByteLength } from "./text-size";

describe("UTF-8 length", () => {
  it.each([
    ["", 0],
    ["ascii", 5],
    ["é", 2],
    ["€", 3],
    ["😀", 4],
    ["\ud800", 3],
    ["\udc00x", 4],
    ["a\ud83d", 4],
  ])("%j is %i bytes in the browser's count and in Node's", (text, bytes) => {
    expect(countUtf8Bytes(text)).toBe(bytes);
    expect(utf8ByteLength(text)).toBe(bytes);
    expect(new TextEncoder().encode(text).length).toBe(bytes);
  });
});
