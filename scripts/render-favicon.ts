// node scripts/render-favicon.ts
//
// Renders public/favicon.svg (the icon's source) to public/favicon.png, the icon pages link to, with Debian's
// Chromium (/usr/bin/chromium, or CHROMIUM_PATH). Chromium draws an SVG icon by building a document of its own on
// the page's main thread (6–21 ms per page load here); a PNG is decoded off it. 64 px: sharp at 32 px on a
// two-times screen.
import { readFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";

const root = path.resolve(import.meta.dirname, "..");
const size = 64;
const svg = readFileSync(path.join(root, "public", "favicon.svg"));
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium" });
try {
  const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
  const source = `data:image/svg+xml;base64,${svg.toString("base64")}`;
  await page.setContent(
    `<body style="margin:0"><img src="${source}" width="${size}" height="${size}" style="display:block"></body>`,
  );
  await page.screenshot({ path: path.join(root, "public", "favicon.png"), omitBackground: true });
} finally {
  await browser.close();
}
