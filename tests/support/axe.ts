// axe-core as every end-to-end test runs it: WCAG 2.0–2.2 A/AA, best practices and target-size.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"];

/**
 * The page's violations, each with its rule, help and first few nodes (a failure message names them). Only violations
 * are read: the passes' nodes, and the cross-frame run that hands them to a second page to finish, took two thirds of
 * the time on a long page (the API documentation: 18 s, against 9 s this way). The site's pages have no frames.
 */
export async function axeViolations(page: Page, options: { include?: string } = {}) {
  // options() first: withTags() adds to the options object, options() would replace it.
  let builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ rules: { "target-size": { enabled: true } }, resultTypes: ["violations"] })
    .withTags(AXE_TAGS);
  if (options.include) builder = builder.include(options.include);
  const results = await builder.analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes
      .slice(0, 5)
      .map((node) => `${node.target.join(" ")}: ${node.failureSummary?.split("\n").slice(1, 3).join(" ")}`),
  }));
}
