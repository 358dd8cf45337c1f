// Fails when a page's client JavaScript (gzipped, read from the build manifest) passes its ceiling, and reports
// pages over the issue's targets (100 kB public, 250 kB admin). Part of `npm test`, right after the build.
// Usage: node scripts/check-bundle-size.ts [--json]   (BUILD_DIR selects the build, default ./build)
import path from "node:path";
import { formatKilobytes, measurePageBundles, type PageBundle } from "./bench/client-bundle.ts";

const buildDir = path.resolve(process.env.BUILD_DIR || "build");
const pages = measurePageBundles(buildDir);

if (process.argv.includes("--json")) {
  console.log(JSON.stringify(pages, null, 2));
} else {
  console.table(
    pages.map((page) => ({
      page: page.path,
      area: page.area,
      "JS gzip": formatKilobytes(page.gzipBytes),
      "JS brotli (sent)": formatKilobytes(page.brotliBytes),
      target: formatKilobytes(page.targetBytes),
      ceiling: formatKilobytes(page.ceilingBytes),
      "CSS gzip": formatKilobytes(page.cssGzipBytes),
      "": page.overCeiling ? "OVER CEILING" : page.overTarget ? "over target" : "ok",
    })),
  );
}

const describe = (page: PageBundle) =>
  `${page.path} (${page.routeId}) loads ${formatKilobytes(page.gzipBytes)} of gzipped JavaScript`;
const overTarget = pages.filter((page) => page.overTarget && !page.overCeiling);
if (overTarget.length > 0) {
  console.warn(
    `[bundle] ${overTarget.length} of ${pages.length} pages are over the issue's target (warning only): ${overTarget.map((page) => `${page.path} ${formatKilobytes(page.gzipBytes)}`).join(", ")}`,
  );
}
const overCeiling = pages.filter((page) => page.overCeiling);
if (overCeiling.length > 0) {
  for (const page of overCeiling) {
    console.error(
      `[bundle] ${describe(page)}; the ${page.area} ceiling is ${formatKilobytes(page.ceilingBytes)}. Files: ${page.files.join(", ")}`,
    );
  }
  console.error(
    "[bundle] Load the heavy part lazily (React.lazy, import() in an event handler) or drop the dependency.",
  );
  process.exit(1);
}
const largest = (area: string, bytes: (page: PageBundle) => number = (page) => page.gzipBytes) =>
  Math.max(0, ...pages.filter((page) => page.area === area).map(bytes));
console.log(
  `[bundle] ${pages.length} pages within their ceilings: largest public ${formatKilobytes(largest("public"))}, largest admin ${formatKilobytes(largest("admin"))} gzipped` +
    ` (as sent, brotli: ${formatKilobytes(largest("public", (page) => page.brotliBytes))} and ${formatKilobytes(largest("admin", (page) => page.brotliBytes))})`,
);
