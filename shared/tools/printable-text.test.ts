import { describe, expect, test } from "vitest";
import { printable, quoteExcerpt, sliceWhole } from "./printable-text";

describe("printable", () => {
  test("controls, bidirectional controls, separators and lone surrogates become escapes", () => {
    expect(printable("a\u0000b\u001bc\u007f\u0085\u202e\u2028\u2066")).toBe(
      "a\\u0000b\\u001bc\\u007f\\u0085\\u202e\\u2028\\u2066",
    );
    expect(printable("x\ud83d")).toBe("x\\ud83d");
    expect(printable("\ude00y")).toBe("\\ude00y");
    expect(printable("\ude00\ud83d")).toBe("\\ude00\\ud83d");
  });

  test("everything else is unchanged: pairs, CJK, accents, joiners", () => {
    const text = "café 中文 😀 👨‍👩‍👧 🇫🇷 \\u0000";
    expect(printable(text)).toBe(text);
  });
});

describe("cutting", () => {
  test("sliceWhole never splits a surrogate pair", () => {
    expect(sliceWhole("ab😀c", 0, 3)).toBe("ab😀");
    expect(sliceWhole("ab😀c", 3, 5)).toBe("😀c");
  });

  test("quoteExcerpt cuts long text at a whole character and marks the cut", () => {
    expect(quoteExcerpt("x".repeat(59) + "😀😀", 60)).toBe("x".repeat(59) + "😀…");
    expect(quoteExcerpt("short\u0000", 60)).toBe("short\\u0000");
  });
});
