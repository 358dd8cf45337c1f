// A Vite plugin: after the client build is written, each hashed asset gets a brotli (.br) and a gzip (.gz) copy
// beside it, compressed once at the highest settings. The server sends the copy the browser accepts
// (host/app.ts, serveStatic's `precompressed`), instead of gzip-compressing the same file again for every visitor
// at a speed-minded level. Brotli at quality 11 is about a fifth smaller than gzip for these files.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

/** Files below this size gain less than a packet from compression. */
const MIN_BYTES = 1024;
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|html|wasm)$/;

export function brotli(bytes: Uint8Array): Buffer {
  return brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

export function precompressAssets(): Plugin {
  return {
    name: "precompress-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    writeBundle(options, bundle) {
      const outDir = options.dir;
      if (!outDir) return;
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(fileName)) continue;
        const file = path.join(outDir, fileName);
        const bytes = readFileSync(file);
        if (bytes.length < MIN_BYTES) continue;
        writeFileSync(`${file}.br`, brotli(bytes));
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}
