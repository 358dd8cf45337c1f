import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import path from "node:path";
import { precompressAssets } from "./scripts/precompress-assets.ts";

const FRAMEWORK_MODULES =
  /node_modules[\\/](react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompressAssets()],
  resolve: {
    alias: { "~": path.resolve(import.meta.dirname, "app") },
  },
  environments: {
    // React, React DOM and React Router in one chunk instead of six: gzip then compresses them together, about 3 kB
    // less on every page that hydrates, which keeps the tools within their 125 kB (docs/decisions/0078).
    client: {
      build: {
        rollupOptions: {
          output: {
            codeSplitting: {
              groups: [{ name: "framework", test: FRAMEWORK_MODULES }],
            },
          },
        },
      },
    },
    // The server build's entry is the whole site (pages, /api, database), not only the React Router handler.
    ssr: { build: { rollupOptions: { input: "./host/app.ts" } } },
  },
  server: { port: Number(process.env.PORT || 3000) },
});
