// Fails when a page's client JavaScript (gzipped) passes its budget. HTML first: a page without React may load
// only the enhancement script (3 kB); a page that hydrates, a tool or an admin page, React and its own code (126 kB;
// scripts/bench/client-bundle.ts). Part of `npm test`, right after the build.
// Usage: node scripts/check-bundle-size.ts [--json]   (BUILD_DIR selects the build, default ./build)
import path from "node:path";
import { formatKilobytes, measurePageBundles, type PageBundle } from "./bench/client-bundle.ts";

const buildDir = path.resolve(process.env.BUILD_DIR || "build");
const pages = await measurePageBundles(buildDir);

if (process.argv.includes("--json")) {
  console.log(JSON.stringify(pages, null, 2));
} else {
  console.table(
    pages.map((page) => ({
      page: page.path,
      area: page.area,
      React: page.hydrates ? "yes" : "no",
      "JS gzip": formatKilobytes(page.gzipBytes),
      "JS brotli (sent)": formatKilobytes(page.brotliBytes),
      budget: formatKilobytes(page.budgetBytes),
      "CSS gzip": formatKilobytes(page.cssGzipBytes),
      "": page.overBudget ? "OVER BUDGET" : "ok",
    })),
  );
}

const describe = (page: PageBundle) =>
  `${page.path} (${page.routeId}) loads ${formatKilobytes(page.gzipBytes)} of gzipped JavaScript`;
const overBudget = pages.filter((page) => page.overBudget);
if (overBudget.length > 0) {
  for (const page of overBudget) {
    console.error(`[bundle] ${describe(page)}; its budget is ${formatKilobytes(page.budgetBytes)}.`);
    console.error(`[bundle] Files: ${page.files.join(", ")}`);
  }
  console.error(
    "[bundle] A page without React: keep app/enhance/enhance.ts small. A page with React: load what only " +
      "enhances the page on demand (deferredModule with use(), React.lazy, import() in an event handler) or drop " +
      "the dependency.",
  );
  process.exit(1);
}
type Measure = (page: PageBundle) => number;
const largest = (filter: (page: PageBundle) => boolean, bytes: Measure = (page) => page.gzipBytes) =>
  formatKilobytes(Math.max(0, ...pages.filter(filter).map(bytes)));
const withoutReact = (page: PageBundle) => !page.hydrates;
const publicWithReact = (page: PageBundle) => page.hydrates && page.area === "public";
const admin = (page: PageBundle) => page.area === "admin";
const brotliBytes: Measure = (page) => page.brotliBytes;
console.log(
  `[bundle] ${pages.length} pages within their budgets: ` +
    `${pages.filter(withoutReact).length} without React load ${largest(withoutReact)}; with React, ` +
    `the largest public page ${largest(publicWithReact)}, the largest admin page ${largest(admin)} gzipped ` +
    `(as sent, brotli: ${largest(publicWithReact, brotliBytes)} and ${largest(admin, brotliBytes)})`,
);
// Importing the server build may leave handles open; the check is done.
process.exit(0);
