import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  HTML_PAGE_BUDGET_BYTES,
  INTERACTIVE_PAGE_BUDGET_BYTES,
  measurePageBundles,
  readHydratingRoutes,
} from "./client-bundle";

function fakeBuild(files: Record<string, string>, manifest: object): string {
  const dir = mkdtempSync(path.join(tmpdir(), "bundle-test-"));
  mkdirSync(path.join(dir, "client", "assets"), { recursive: true });
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, "client", "assets", name), content);
  writeFileSync(
    path.join(dir, "client", "assets", "manifest-abc123.js"),
    `window.__reactRouterManifest=${JSON.stringify(manifest)};`,
  );
  return dir;
}

describe("measurePageBundles", () => {
  const manifest = {
    entry: { module: "/assets/entry.js", imports: ["/assets/react.js"] },
    routes: {
      root: {
        id: "root",
        path: "",
        module: "/assets/root.js",
        imports: ["/assets/react.js"],
        css: ["/assets/root.css"],
      },
      "routes/layouts/public": { id: "routes/layouts/public", parentId: "root", module: "/assets/public.js" },
      home: { id: "home", parentId: "routes/layouts/public", index: true, module: "/assets/home.js" },
      tool: {
        id: "tool",
        parentId: "routes/layouts/public",
        path: "tools/big",
        module: "/assets/tool.js",
        imports: ["/assets/big.js"],
      },
      terms: { id: "terms", parentId: "routes/layouts/public", path: "terms", module: "/assets/terms.js" },
      "routes/layouts/admin": { id: "routes/layouts/admin", parentId: "root", module: "/assets/admin.js" },
      "routes/admin/home": {
        id: "routes/admin/home",
        parentId: "routes/layouts/admin",
        path: "admin",
        index: true,
        module: "/assets/admin-home.js",
      },
      "routes/resources/robots.txt": {
        id: "routes/resources/robots.txt",
        parentId: "root",
        path: "robots.txt",
        module: "/assets/robots.js",
        hasDefaultExport: false,
      },
    },
  };
  // Random printable text compresses to about 82 %, so 1.5 times the budget stays over it.
  const incompressible = (bytes: number) =>
    Array.from({ length: bytes }, () => String.fromCharCode(33 + Math.floor(Math.random() * 90))).join("");
  const files = {
    "entry.js": "entry",
    "react.js": "react",
    "root.js": "root",
    "root.css": "body{}",
    "public.js": "public",
    "home.js": "home",
    "tool.js": "tool",
    "big.js": incompressible(INTERACTIVE_PAGE_BUDGET_BYTES * 1.5),
    "terms.js": "terms",
    "admin.js": "admin",
    "admin-home.js": "admin home",
    "robots.js": "robots",
    "enhance-abc.js": "enhance",
  };
  // The tool asks for hydration itself; the admin pages through their layout.
  const options = {
    manifest,
    hydratingRoutes: new Set(["tool", "routes/layouts/admin"]),
    enhanceScript: "/assets/enhance-abc.js",
  };

  it("counts only the enhancement script for a page whose routes ask for no React", async () => {
    const pages = await measurePageBundles(fakeBuild(files, manifest), options);
    const terms = pages.find((page) => page.path === "/terms")!;
    expect(terms.hydrates).toBe(false);
    expect(terms.files).toEqual(["/assets/enhance-abc.js"]);
    expect(terms.budgetBytes).toBe(HTML_PAGE_BUDGET_BYTES);
    expect(terms.overBudget).toBe(false);
    expect(terms.cssGzipBytes).toBeGreaterThan(0);
  });

  it("counts the entry and every route module from the root down, once each, for a page that hydrates", async () => {
    const pages = await measurePageBundles(fakeBuild(files, manifest), options);
    const admin = pages.find((page) => page.path === "/admin")!;
    expect(admin.hydrates).toBe(true);
    expect(admin.files).toEqual([
      "/assets/entry.js",
      "/assets/react.js",
      "/assets/root.js",
      "/assets/admin.js",
      "/assets/admin-home.js",
    ]);
    expect(admin.budgetBytes).toBe(INTERACTIVE_PAGE_BUDGET_BYTES);
  });

  it("puts pages under the admin layout in the admin area, and skips layouts and resource routes", async () => {
    const pages = await measurePageBundles(fakeBuild(files, manifest), options);
    expect(pages.map((page) => page.path).sort()).toEqual(["/", "/admin", "/terms", "/tools/big"]);
    expect(pages.find((page) => page.path === "/admin")!.area).toBe("admin");
  });

  it("flags a page whose JavaScript passes the budget", async () => {
    const tool = (await measurePageBundles(fakeBuild(files, manifest), options)).find(
      (page) => page.path === "/tools/big",
    )!;
    expect(tool.overBudget).toBe(true);
  });

  it("holds an admin page to the same budget as a tool", async () => {
    const heavyAdmin = { ...files, "admin-home.js": incompressible(INTERACTIVE_PAGE_BUDGET_BYTES * 1.5) };
    const pages = await measurePageBundles(fakeBuild(heavyAdmin, manifest), options);
    const admin = pages.find((page) => page.path === "/admin")!;
    expect(admin.budgetBytes).toBe(INTERACTIVE_PAGE_BUDGET_BYTES);
    expect(admin.overBudget).toBe(true);
    expect(pages.find((page) => page.path === "/tools/big")!.budgetBytes).toBe(INTERACTIVE_PAGE_BUDGET_BYTES);
  });

  it("flags an enhancement script that grew past its budget", async () => {
    const heavy = { ...files, "enhance-abc.js": incompressible(HTML_PAGE_BUDGET_BYTES * 1.5) };
    const home = (await measurePageBundles(fakeBuild(heavy, manifest), options)).find((page) => page.path === "/")!;
    expect(home.overBudget).toBe(true);
  });

  it("reads which routes hydrate from the server build's route handles", async () => {
    const dir = fakeBuild(files, manifest);
    mkdirSync(path.join(dir, "server", "assets"), { recursive: true });
    writeFileSync(
      path.join(dir, "server", "assets", "server-build-abc.js"),
      `export const routes = {
        root: { module: {} },
        tool: { module: { handle: { hydrate: true } } },
        terms: { module: { handle: { title: "Terms" } } },
        "routes/layouts/admin": { module: { handle: { hydrate: true } } },
      };`,
    );
    expect([...(await readHydratingRoutes(dir))].sort()).toEqual(["routes/layouts/admin", "tool"]);
    const pages = await measurePageBundles(dir, { manifest, enhanceScript: "/assets/enhance-abc.js" });
    expect(pages.filter((page) => page.hydrates).map((page) => page.path)).toEqual(["/admin", "/tools/big"]);
  });
});
