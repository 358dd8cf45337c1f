// How much JavaScript each page makes the browser download. HTML first (docs/decisions/0078): a page whose routes
// ask for no React (no `handle = { hydrate: true }`, app/utils/hydration.ts) loads only the small enhancement script
// (app/enhance/enhance.ts); a page that hydrates loads, from React Router's build manifest, the client entry and its
// imports plus every route module (and its imports) from the root down to the page. Route discovery is lazy, so the
// manifest-*.js file itself is never loaded by a page and is not counted.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { pageHydrates } from "#app/utils/hydration.ts";
import { brotli } from "../precompress-assets.ts";

/** A page without React: the enhancement script is all it loads (it is about 1.3 kB). */
export const HTML_PAGE_BUDGET_BYTES = 3_000;
/**
 * A page that hydrates, a tool or an admin page alike: React 19 and React Router 8 (about 110 kB) plus at most 16 kB
 * of the site's own code. What only enhances the page (validation code, Conform, marked, the JSON tree editor) loads
 * on demand and is not counted.
 */
export const INTERACTIVE_PAGE_BUDGET_BYTES = 126_000;
/** Pages under this layout are the administrator area. */
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
  /** Whether the page loads React (a route asks for it); otherwise only the enhancement script. */
  hydrates: boolean;
  files: string[];
  gzipBytes: number;
  /** What browsers download: the build's brotli copies (scripts/precompress-assets.ts), which the server prefers. */
  brotliBytes: number;
  rawBytes: number;
  cssGzipBytes: number;
  budgetBytes: number;
  overBudget: boolean;
}

/** Reads `window.__reactRouterManifest={...}` from the newest manifest-*.js of a client build. */
export function readBuildManifest(buildDir: string): BuildManifest {
  const assetsDir = path.join(buildDir, "client", "assets");
  const newest = newestFile(assetsDir, /^manifest-[\w-]+\.js$/, "React Router client build", buildDir);
  const source = readFileSync(path.join(assetsDir, newest), "utf8");
  const json = source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1);
  return JSON.parse(json) as BuildManifest;
}

/** The build's enhancement script, as a page links it (`/assets/enhance-….js`). */
export function findEnhanceScript(buildDir: string): string {
  const assetsDir = path.join(buildDir, "client", "assets");
  const name = newestFile(assetsDir, /^enhance-[\w-]+\.js$/, "enhancement script (app/enhance/enhance.ts)", buildDir);
  return `/assets/${name}`;
}

/**
 * The ids of the routes whose `handle` asks for hydration, read from the server build's route modules (the client
 * manifest does not carry handles). Importing the build runs no server: it defines modules and starts nothing.
 */
export async function readHydratingRoutes(buildDir: string): Promise<Set<string>> {
  const assetsDir = path.join(buildDir, "server", "assets");
  const serverBuild = newestFile(assetsDir, /^server-build-[\w-]+\.js$/, "React Router server build", buildDir);
  const build = (await import(pathToFileURL(path.join(assetsDir, serverBuild)).href)) as {
    routes: Record<string, { module: { handle?: unknown } }>;
  };
  return new Set(
    Object.entries(build.routes)
      .filter(([, route]) => pageHydrates([{ handle: route.module.handle }]))
      .map(([id]) => id),
  );
}

function newestFile(dir: string, pattern: RegExp, what: string, buildDir: string): string {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => pattern.test(name));
  } catch {
    throw new Error(`No build in ${dir}: run the build first (BUILD_DIR=${buildDir} npx react-router build).`);
  }
  if (names.length === 0) throw new Error(`No ${what} in ${dir}.`);
  return names
    .map((name) => ({ name, mtime: statSync(path.join(dir, name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime)[0]!.name;
}

/** The URL pattern of a route, joined from its ancestors' paths. */
function routePath(routes: Record<string, ManifestRoute>, routeId: string): string {
  const segments: string[] = [];
  const parentOf = (route: ManifestRoute) => (route.parentId ? routes[route.parentId] : undefined);
  for (let route: ManifestRoute | undefined = routes[routeId]; route; route = parentOf(route)) {
    if (route.path) segments.unshift(route.path);
  }
  return "/" + segments.join("/").replace(/\/+/g, "/").replace(/^\/+/, "");
}

function ancestry(routes: Record<string, ManifestRoute>, routeId: string): ManifestRoute[] {
  const chain: ManifestRoute[] = [];
  const parentOf = (route: ManifestRoute) => (route.parentId ? routes[route.parentId] : undefined);
  for (let route: ManifestRoute | undefined = routes[routeId]; route; route = parentOf(route)) {
    chain.unshift(route);
  }
  return chain;
}

export interface MeasureOptions {
  manifest?: BuildManifest;
  /** Route ids whose handle asks for hydration; read from the server build when not given. */
  hydratingRoutes?: ReadonlySet<string>;
  /** The enhancement script's URL; found in the client build when not given. */
  enhanceScript?: string;
}

/**
 * Every page (a route no other route nests under, with a component: resource routes such as /robots.txt load no
 * JavaScript) with the gzipped size of the JavaScript it loads.
 */
export async function measurePageBundles(buildDir: string, options: MeasureOptions = {}): Promise<PageBundle[]> {
  const manifest = options.manifest ?? readBuildManifest(buildDir);
  const hydratingRoutes = options.hydratingRoutes ?? (await readHydratingRoutes(buildDir));
  const enhanceScript = options.enhanceScript ?? findEnhanceScript(buildDir);
  const clientDir = path.join(buildDir, "client");
  const sizeCache = new Map<string, { gzip: number; brotli: number; raw: number }>();
  const sizeOf = (url: string) => {
    let size = sizeCache.get(url);
    if (!size) {
      const file = path.join(clientDir, url.replace(/^\//, ""));
      const bytes = readFileSync(file);
      const brotliBytes = existsSync(`${file}.br`) ? statSync(`${file}.br`).size : brotli(bytes).length;
      const gzipBytes = gzipSync(bytes, { level: 9 }).length;
      size = { gzip: gzipBytes, brotli: Math.min(brotliBytes, bytes.length), raw: bytes.length };
      sizeCache.set(url, size);
    }
    return size;
  };
  const parents = new Set(
    Object.values(manifest.routes)
      .map((route) => route.parentId)
      .filter(Boolean),
  );
  const pages: PageBundle[] = [];
  for (const route of Object.values(manifest.routes)) {
    if (parents.has(route.id) || route.hasDefaultExport === false) continue;
    const chain = ancestry(manifest.routes, route.id);
    const hydrates = chain.some((link) => hydratingRoutes.has(link.id));
    const js = new Set<string>(hydrates ? [manifest.entry.module, ...(manifest.entry.imports ?? [])] : [enhanceScript]);
    const css = new Set<string>(manifest.entry.css ?? []);
    for (const link of chain) {
      if (hydrates) {
        js.add(link.module);
        for (const file of link.imports ?? []) js.add(file);
      }
      for (const file of link.css ?? []) css.add(file);
    }
    const area = chain.some((link) => link.id === ADMIN_LAYOUT_ID) ? "admin" : "public";
    const budgetBytes = hydrates ? INTERACTIVE_PAGE_BUDGET_BYTES : HTML_PAGE_BUDGET_BYTES;
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
      hydrates,
      files: [...js],
      gzipBytes,
      brotliBytes,
      rawBytes,
      cssGzipBytes,
      budgetBytes,
      overBudget: gzipBytes > budgetBytes,
    });
  }
  return pages.sort(
    (a, b) =>
      Number(b.hydrates) - Number(a.hydrates) ||
      a.area.localeCompare(b.area) ||
      b.gzipBytes - a.gzipBytes ||
      a.path.localeCompare(b.path),
  );
}

export function formatKilobytes(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}
