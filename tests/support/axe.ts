// axe-core as every end-to-end test runs it: WCAG 2.0–2.2 A/AA, best practices and target-size.
import axe from "axe-core";
import type { Page } from "@playwright/test";

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"];

const RUN_OPTIONS = {
  runOnly: { type: "tag", values: AXE_TAGS },
  rules: { "target-size": { enabled: true } },
  // Only violations are read: the passes' nodes took two thirds of the time on a long page.
  resultTypes: ["violations"],
} satisfies axe.RunOptions;

/**
 * The page's violations, each with its rule, help and first few nodes (a failure message names them). axe-core goes
 * into a document once and runs in it directly (the site's pages have no frames), not through `@axe-core/playwright`,
 * which evaluates its half-megabyte source twice on every run: longer than the run itself on most pages.
 */
export async function axeViolations(page: Page, options: { include?: string } = {}) {
  if (await page.evaluate(() => !("axe" in window))) await page.evaluate(axe.source);
  const results = await page.evaluate(
    ({ include, runOptions }) => {
      const inPage = (window as unknown as { axe: typeof axe }).axe;
      return inPage.run(include ? { include: [include] } : document, runOptions);
    },
    { include: options.include, runOptions: RUN_OPTIONS },
  );
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes
      .slice(0, 5)
      .map((node) => `${node.target.join(" ")}: ${node.failureSummary?.split("\n").slice(1, 3).join(" ")}`),
  }));
}
