import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompressAssets } from "./scripts/precompress-assets.ts";

const FRAMEWORK_MODULES =
  /node_modules[\\/](react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/;
// What the root route imports, which every page that hydrates loads with the framework: Lucide's icon base, the
// error views, the site's Link, the header menu's parts, the theme, page meta, the hydration flag, the user helpers
// and Vite's preload helper. In the framework's chunk they cost about 2 kB less gzipped than as nine small files.
const SHELL_MODULES = new RegExp(
  [
    String.raw`lucide-react[\\/]dist[\\/]esm[\\/](Icon|createLucideIcon|defaultAttributes|context)\.mjs$`,
    String.raw`lucide-react[\\/]dist[\\/]esm[\\/](shared[\\/]|icons[\\/]chevron-down\.mjs$)`,
    String.raw`app[\\/]components[\\/](error-views|icons|link|nav-menu-parts)\.tsx?$`,
    String.raw`app[\\/]utils[\\/](hydrated|meta|theme)\.ts$`,
    String.raw`shared[\\/]user\.ts$`,
    String.raw`vite[\\/]preload-helper`,
  ].join("|"),
);
// What most admin pages load besides their own module, in one chunk rather than ten files of a few hundred bytes
// each (about 1 kB less gzipped on a page with a form): the admin layout's delete button and menu, the form fields
// and the form hook with Conform's prop helpers, times, error alerts, row actions, form cards and the pager. Modules
// a page loads on demand stay out of it: a module in a chunk the page loads is loaded with it.
const ADMIN_MODULES = new RegExp(
  [
    String.raw`app[\\/]components[\\/](delete-button|field|time|error-alert)\.tsx$`,
    String.raw`app[\\/]components[\\/]admin[\\/](row-actions|form-card|pager)\.tsx$`,
    String.raw`app[\\/]utils[\\/](use-deferred-zod-form|deferred-module)\.ts$`,
    String.raw`shared[\\/]admin-menu\.ts$`,
    String.raw`@conform-to[\\/]react[\\/]dist[\\/](helpers|_virtual[\\/]_rollupPluginBabelHelpers)\.mjs$`,
  ].join("|"),
);

// Small modules that travel together, one file each instead of two (a file of a few hundred bytes gzips worse
// alone): the copy button with the markup names it shares with the enhancement script, and the data table with its
// scrolling box (the URL tool, which uses only the box, loads 89 bytes more). About 240 bytes less on the API keys
// page and the JSON tool, 155 on the other admin lists.
const COPY_BUTTON_MODULES = /app[\\/](components[\\/]copy-button\.tsx|enhance[\\/]markup\.ts)$/;
const DATA_TABLE_MODULES = /app[\\/]components[\\/](data-table|table-wrap)\.tsx$/;

// Rolldown's report of the slowest plugin callbacks is a profiling aid, not a finding: printed in yellow after every
// build (npm start builds first), it reads as a problem to a newcomer. `node --cpu-prof` profiles a build instead.
const BUILD_CHECKS = { bundlerTimings: false };

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompressAssets()],
  environments: {
    // React, React DOM and React Router in one chunk instead of six: gzip then compresses them together, about 3 kB
    // less on every page that hydrates, which keeps the tools within their 125 kB (docs/decisions/0078).
    client: {
      build: {
        rollupOptions: {
          checks: BUILD_CHECKS,
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: (id: string) => FRAMEWORK_MODULES.test(id) || SHELL_MODULES.test(id) },
                { name: "admin", test: ADMIN_MODULES },
                { name: "copy-button", test: COPY_BUTTON_MODULES },
                { name: "data-table", test: DATA_TABLE_MODULES },
              ],
            },
          },
        },
      },
    },
    // The server build's entry is the whole site (pages, /api, database), not only the React Router handler. Its
    // one graph holds the loaders and actions beside the components, so a module a page loads on demand in the
    // browser (share links, markdown) is also imported statically on the server: no chunk to split there, and
    // nothing to warn about. The client build keeps the check.
    ssr: {
      build: {
        rollupOptions: { input: "./host/app.ts", checks: { ...BUILD_CHECKS, ineffectiveDynamicImport: false } },
      },
    },
  },
  server: { port: Number(process.env.PORT || 3000) },
});
