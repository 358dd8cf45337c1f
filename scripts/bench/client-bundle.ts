// How much JavaScript each page makes the browser download, read from React Router's build manifest:
// the client entry and its imports, plus every route module (and its imports) from the root down to the page.
// Route discovery is lazy, so the manifest-*.js file itself is never loaded by a page and is not counted.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { brotli } from "../precompress-assets.ts";

/** The targets: what a page should load at most. */
export const PUBLIC_PAGE_TARGET_BYTES = 100_000;
export const ADMIN_PAGE_TARGET_BYTES = 250_000;
/**
 * What CI enforces. React 19 and React Router 8 alone are 111 kB gzipped on every page, above the public target
 * (docs/decisions: performance budgets), so public pages get a ceiling that still fails on a heavy new dependency.
 * No public page loads zod with it any more (the largest is about 131 kB); the ceiling leaves room for small changes.
 */
export const PUBLIC_PAGE_CEILING_BYTES = 140_000;
export const ADMIN_PAGE_CEILING_BYTES = 250_000;
/** Pages under this layout are the administrator area and get the larger budget. */
export const ADMIN_LAYOUT_ID = "routes/layouts/admin";

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
  css?: string[];
  hasDefaultExport?: boolean;
}

export interface BuildManifest {
  entry: { module: string; imports?: string[]; css?: string[] };
  routes: Record<string, ManifestRoute>;
}

export interface PageBundle {
  routeId: string;
  /** The URL pattern, e.g. "/camera2/:reportId". */
  path: string;
  area: "public" | "admin";
  files: string[];
  gzipBytes: number;
  /** What browsers download: the build's brotli copies (scripts/precompress-assets.ts), which the server prefers. */
  brotliBytes: number;
  rawBytes: number;
  cssGzipBytes: number;
  targetBytes: number;
  ceilingBytes: number;
  overTarget: boolean;
  overCeiling: boolean;
}

/** Reads `window.__reactRouterManifest={...}` from the newest manifest-*.js of a client build. */
export function readBuildManifest(buildDir: string): BuildManifest {
  const assetsDir = path.join(buildDir, "client", "assets");
  let names: string[];
  try {
    names = readdirSync(assetsDir).filter((name) => /^manifest-[\w-]+\.js$/.test(name));
  } catch {
    throw new Error(`No client build in ${assetsDir}: run the build first (BUILD_DIR=${buildDir} npx react-router build).`);
  }
  if (names.length === 0) throw new Error(`No manifest-*.js in ${assetsDir}: is this a React Router client build?`);
  const newest = names
    .map((name) => ({ name, mtime: statSync(path.join(assetsDir, name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime)[0]!.name;
  const source = readFileSync(path.join(assetsDir, newest), "utf8");
  const json = source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1);
  return JSON.parse(json) as BuildManifest;
}

/** The URL pattern of a route, joined from its ancestors' paths. */
function routePath(routes: Record<string, ManifestRoute>, routeId: string): string {
  const segments: string[] = [];
  for (let route: ManifestRoute | undefined = routes[routeId]; route; route = route.parentId ? routes[route.parentId] : undefined) {
    if (route.path) segments.unshift(route.path);
  }
  return "/" + segments.join("/").replace(/\/+/g, "/").replace(/^\/+/, "");
}

function ancestry(routes: Record<string, ManifestRoute>, routeId: string): ManifestRoute[] {
  const chain: ManifestRoute[] = [];
  for (let route: ManifestRoute | undefined = routes[routeId]; route; route = route.parentId ? routes[route.parentId] : undefined) {
    chain.unshift(route);
  }
  return chain;
}

/**
 * Every page (a route no other route nests under, with a component: resource routes such as /robots.txt load no
 * JavaScript) with the gzipped size of the JavaScript it loads.
 */
export function measurePageBundles(buildDir: string, manifest: BuildManifest = readBuildManifest(buildDir)): PageBundle[] {
  const clientDir = path.join(buildDir, "client");
  const sizeCache = new Map<string, { gzip: number; brotli: number; raw: number }>();
  const sizeOf = (url: string) => {
    let size = sizeCache.get(url);
    if (!size) {
      const file = path.join(clientDir, url.replace(/^\//, ""));
      const bytes = readFileSync(file);
      const brotliBytes = existsSync(`${file}.br`) ? statSync(`${file}.br`).size : brotli(bytes).length;
      size = { gzip: gzipSync(bytes, { level: 9 }).length, brotli: Math.min(brotliBytes, bytes.length), raw: bytes.length };
      sizeCache.set(url, size);
    }
    return size;
  };
  const parents = new Set(Object.values(manifest.routes).map((route) => route.parentId).filter(Boolean));
  const pages: PageBundle[] = [];
  for (const route of Object.values(manifest.routes)) {
    if (parents.has(route.id) || route.hasDefaultExport === false) continue;
    const chain = ancestry(manifest.routes, route.id);
    const js = new Set<string>([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
    const css = new Set<string>(manifest.entry.css ?? []);
    for (const link of chain) {
      js.add(link.module);
      for (const file of link.imports ?? []) js.add(file);
      for (const file of link.css ?? []) css.add(file);
    }
    const area = chain.some((link) => link.id === ADMIN_LAYOUT_ID) ? "admin" : "public";
    const targetBytes = area === "admin" ? ADMIN_PAGE_TARGET_BYTES : PUBLIC_PAGE_TARGET_BYTES;
    const ceilingBytes = area === "admin" ? ADMIN_PAGE_CEILING_BYTES : PUBLIC_PAGE_CEILING_BYTES;
    let gzipBytes = 0;
    let brotliBytes = 0;
    let rawBytes = 0;
    for (const file of js) {
      const size = sizeOf(file);
      gzipBytes += size.gzip;
      brotliBytes += size.brotli;
      rawBytes += size.raw;
    }
    let cssGzipBytes = 0;
    for (const file of css) cssGzipBytes += sizeOf(file).gzip;
    pages.push({
      routeId: route.id,
      path: routePath(manifest.routes, route.id),
      area,
      files: [...js],
      gzipBytes,
      brotliBytes,
      rawBytes,
      cssGzipBytes,
      targetBytes,
      ceilingBytes,
      overTarget: gzipBytes > targetBytes,
      overCeiling: gzipBytes > ceilingBytes,
    });
  }
  return pages.sort((a, b) => a.area.localeCompare(b.area) || b.gzipBytes - a.gzipBytes || a.path.localeCompare(b.path));
}

export function formatKilobytes(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}
