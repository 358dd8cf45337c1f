// Fails when a page's client JavaScript (gzipped) passes its ceiling. HTML first: a page without React may load
// only the enhancement script (3 kB); a page that hydrates, React and its own code (125 kB; the administrator
// area has a higher ceiling for now, scripts/bench/client-bundle.ts). Part of `npm test`, right after the build.
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
    `[bundle] ${overTarget.length} of ${pages.length} pages are over their target (warning only): ` +
      overTarget.map((page) => `${page.path} ${formatKilobytes(page.gzipBytes)}`).join(", "),
  );
}
const overCeiling = pages.filter((page) => page.overCeiling);
if (overCeiling.length > 0) {
  for (const page of overCeiling) {
    console.error(`[bundle] ${describe(page)}; its ceiling is ${formatKilobytes(page.ceilingBytes)}.`);
    console.error(`[bundle] Files: ${page.files.join(", ")}`);
  }
  console.error(
    "[bundle] A page without React: keep app/enhance/enhance.ts small. A page with React: load the heavy part lazily " +
      "(React.lazy, import() in an event handler) or drop the dependency.",
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
  `[bundle] ${pages.length} pages within their ceilings: ` +
    `${pages.filter(withoutReact).length} without React load ${largest(withoutReact)}; with React, ` +
    `the largest public page ${largest(publicWithReact)}, the largest admin page ${largest(admin)} gzipped ` +
    `(as sent, brotli: ${largest(publicWithReact, brotliBytes)} and ${largest(admin, brotliBytes)})`,
);
// Importing the server build may leave handles open; the check is done.
process.exit(0);
