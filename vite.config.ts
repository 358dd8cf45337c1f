import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import path from "node:path";
import { precompressAssets } from "./scripts/precompress-assets.ts";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompressAssets()],
  resolve: {
    alias: { "~": path.resolve(import.meta.dirname, "app") },
  },
  environments: {
    // The server build's entry is the whole site (pages, /api, database), not only the React Router handler.
    ssr: { build: { rollupOptions: { input: "./host/app.ts" } } },
  },
  server: { port: Number(process.env.PORT || 3000) },
});
