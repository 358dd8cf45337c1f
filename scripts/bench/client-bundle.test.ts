import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { measurePageBundles, PUBLIC_PAGE_CEILING_BYTES } from "./client-bundle";

function fakeBuild(files: Record<string, string>, manifest: object): string {
  const dir = mkdtempSync(path.join(tmpdir(), "bundle-test-"));
  mkdirSync(path.join(dir, "client", "assets"), { recursive: true });
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, "client", "assets", name), content);
  writeFileSync(path.join(dir, "client", "assets", "manifest-abc123.js"), `window.__reactRouterManifest=${JSON.stringify(manifest)};`);
  return dir;
}

describe("measurePageBundles", () => {
  const manifest = {
    entry: { module: "/assets/entry.js", imports: ["/assets/react.js"] },
    routes: {
      root: { id: "root", path: "", module: "/assets/root.js", imports: ["/assets/react.js"], css: ["/assets/root.css"] },
      "routes/layouts/public": { id: "routes/layouts/public", parentId: "root", module: "/assets/public.js" },
      home: { id: "home", parentId: "routes/layouts/public", index: true, module: "/assets/home.js", imports: ["/assets/big.js"] },
      terms: { id: "terms", parentId: "routes/layouts/public", path: "terms", module: "/assets/terms.js" },
      "routes/layouts/admin": { id: "routes/layouts/admin", parentId: "root", module: "/assets/admin.js" },
      "routes/admin/home": { id: "routes/admin/home", parentId: "routes/layouts/admin", path: "admin", index: true, module: "/assets/admin-home.js" },
      "routes/resources/robots.txt": { id: "routes/resources/robots.txt", parentId: "root", path: "robots.txt", module: "/assets/robots.js", hasDefaultExport: false },
    },
  };
  // Random printable text compresses to about 82 %, so 1.5 times the ceiling stays over it.
  const incompressible = (bytes: number) => Array.from({ length: bytes }, () => String.fromCharCode(33 + Math.floor(Math.random() * 90))).join("");
  const files = {
    "entry.js": "entry",
    "react.js": "react",
    "root.js": "root",
    "root.css": "body{}",
    "public.js": "public",
    "home.js": "home",
    "big.js": incompressible(PUBLIC_PAGE_CEILING_BYTES * 1.5),
    "terms.js": "terms",
    "admin.js": "admin",
    "admin-home.js": "admin home",
    "robots.js": "robots",
  };

  it("counts the entry and every route module from the root down, once each", () => {
    const pages = measurePageBundles(fakeBuild(files, manifest));
    const terms = pages.find((page) => page.path === "/terms")!;
    expect(terms.files).toEqual(["/assets/entry.js", "/assets/react.js", "/assets/root.js", "/assets/public.js", "/assets/terms.js"]);
    expect(terms.area).toBe("public");
    expect(terms.overCeiling).toBe(false);
    expect(terms.cssGzipBytes).toBeGreaterThan(0);
  });

  it("puts pages under the admin layout in the admin area, and skips layouts and resource routes", () => {
    const pages = measurePageBundles(fakeBuild(files, manifest));
    expect(pages.map((page) => page.path).sort()).toEqual(["/", "/admin", "/terms"]);
    expect(pages.find((page) => page.path === "/admin")!.area).toBe("admin");
  });

  it("flags a page whose JavaScript passes the ceiling", () => {
    const home = measurePageBundles(fakeBuild(files, manifest)).find((page) => page.path === "/")!;
    expect(home.overCeiling).toBe(true);
    expect(home.overTarget).toBe(true);
  });
});
