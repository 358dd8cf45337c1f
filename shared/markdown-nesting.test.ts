import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { renderMarkdown } from "./markdown";
import {
  MARKDOWN_MAX_EMPHASIS_MARKS,
  MARKDOWN_MAX_EMPHASIS_MARKS_TOTAL,
  MARKDOWN_MAX_NESTING,
  markdownNestingProblem,
} from "#shared/markdown-nesting.ts";

const limit = MARKDOWN_MAX_NESTING;
const shapes: Record<string, (levels: number) => string> = {
  blockquotes: (n) => ">".repeat(n) + " x",
  "list markers": (n) => "- ".repeat(n) + "x",
  "numbered lists": (n) => "1. ".repeat(n) + "x",
  "indented lists": (n) => Array.from({ length: n }, (_, i) => "  ".repeat(i) + "- a").join("\n"),
  "a run of asterisks": (n) => "*".repeat(n) + "x" + "*".repeat(n),
  "emphasis word by word": (n) => "_a ".repeat(n) + "x" + " b_".repeat(n),
};

describe("markdown nesting", () => {
  test.each(Object.keys(shapes))(
    "%s: rendered at the limit, refused one past it with the line and the limit",
    (shape) => {
      const make = shapes[shape]!;
      expect(markdownNestingProblem(make(limit))).toBeNull();
      expect(markdownNestingProblem(make(limit + 1))).toMatch(
        new RegExp(`^Line \\d+ .* more than ${limit} levels deep; the limit is ${limit}\\.$`),
      );
    },
  );

  test.each(Object.keys(shapes))("%s 100,000 deep: shown as escaped text, not a stack overflow", (shape) => {
    const markdown = shapes[shape]!(shape === "indented lists" ? 2_000 : 100_000);
    const rendered = renderMarkdown(markdown + "\n\n<script>x</script>");
    // Past the nesting limit, or (emphasis word by word) first past the emphasis marks' limit.
    expect(rendered.html).toMatch(/the limit is [\d,]+( per paragraph)?\. It is shown as plain text\.<\/p>/);
    expect(rendered.html).toContain("&lt;script&gt;");
    expect(rendered.headings).toEqual([]);
  });

  test("real documents pass: this project's README and docs, emphasis, lists, code", () => {
    const root = path.resolve(import.meta.dirname, "..");
    for (const file of ["README.md", "docs/security.md", "docs/decisions/0008-tool-engines-run-on-both-sides.md"]) {
      expect(markdownNestingProblem(readFileSync(path.join(root, file), "utf8")), file).toBeNull();
    }
    const sample =
      "**bold** and *em* and _u_ and ~~gone~~, 2 * 3 * 4, " +
      "snake_case_name\n\n- a\n  - b\n    1. c\n\n> quote\n> > inner\n\n```\n" +
      ">".repeat(500) +
      "\n```\n";
    expect(markdownNestingProblem(sample)).toBeNull();
  });
});

describe("emphasis marks per paragraph", () => {
  // marked pairs emphasis delimiters with a search per delimiter, so a paragraph's cost grows with the square of
  // its marks: `*a` 99,500 times took 5.7–7.9 s on an idle machine (and `_a` several times that), flat as it is.
  const marks = MARKDOWN_MAX_EMPHASIS_MARKS;

  test.each(["*a", "_a", "**a", "*a_"])("%s: a paragraph at the limit renders, one past it is refused", (unit) => {
    const perUnit = unit === "*a_" ? 2 : 1;
    const atLimit = unit.repeat(Math.floor(marks / perUnit));
    expect(markdownNestingProblem(atLimit)).toBeNull();
    expect(markdownNestingProblem(atLimit + unit)).toBe(
      `The paragraph at line 1 has more than ${marks.toLocaleString("en")} emphasis marks (* and _); ` +
        `the limit is ${marks.toLocaleString("en")} per paragraph.`,
    );
  });

  test("the issue's case, `*a` 99,500 times, is refused, naming the line and the limit", () => {
    expect(markdownNestingProblem("# Terms\n\n" + "*a".repeat(99_500))).toMatch(
      /^The paragraph at line 3 has more than [\d,]+ emphasis marks .* per paragraph\.$/,
    );
  });

  test("marks are counted per paragraph and in the whole text, and not in code blocks or when escaped", () => {
    const paragraph = "*a".repeat(marks) + "\n\n";
    const paragraphs = MARKDOWN_MAX_EMPHASIS_MARKS_TOTAL / marks;
    expect(markdownNestingProblem(paragraph.repeat(paragraphs))).toBeNull();
    expect(markdownNestingProblem(paragraph.repeat(paragraphs) + "*a")).toBe(
      `The text has more than 10,000 emphasis marks (* and _) by line ${paragraphs * 2 + 1}; the limit is 10,000.`,
    );
    expect(markdownNestingProblem("```\n" + "*a".repeat(marks * 2) + "\n```\n")).toBeNull();
    expect(markdownNestingProblem("\\*a".repeat(marks * 2))).toBeNull();
  });

  // The slowest text found that passes (`_a` is the slowest mark); 150 ms here with a load average of 21 on two
  // cores, 2 s on a bad sample. The bound is generous for a shared machine; the refused case takes over 20 s.
  test("the worst text that passes still renders within 2 s", () => {
    const paragraph = "_a".repeat(marks) + "\n\n";
    const worst = paragraph.repeat(MARKDOWN_MAX_EMPHASIS_MARKS_TOTAL / marks);
    expect(markdownNestingProblem(worst)).toBeNull();
    const started = performance.now();
    renderMarkdown(worst);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
