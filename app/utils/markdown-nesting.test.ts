import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { renderMarkdown } from "./markdown";
import { MARKDOWN_MAX_NESTING, markdownNestingProblem } from "../../shared/markdown-nesting";

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
    expect(rendered.html).toContain(`the limit is ${limit}. It is shown as plain text.</p>`);
    expect(rendered.html).toContain("&lt;script&gt;");
    expect(rendered.headings).toEqual([]);
  });

  test("real documents pass: this project's README and docs, emphasis, lists, code", () => {
    const root = path.resolve(import.meta.dirname, "../..");
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
