// The whole site as one Hono app: security headers, static assets, /api and the React Router pages.
// Vite builds this file as the server entry, so the pages, /api and the database share one module graph.
import { readdirSync } from "node:fs";
import { Hono, type Context } from "hono";
import { compress } from "hono/compress";
import { serveStatic } from "@hono/node-server/serve-static";
import { createRequestHandler } from "react-router";
import { createRequestContext, requestInfoContext, type ApiTransport } from "#app/context.ts";
import { contentSecurityPolicy } from "#app/utils/security.server.ts";
import { dropSiteSettingsOnChange } from "#app/utils/site-settings.server.ts";
import { withWholePageBody } from "#app/utils/whole-page.server.ts";
import { withServerTiming } from "#shared/http/server-timing.ts";
import { createApiApp } from "#server/api/app.ts";
import { clientIp, type SessionLookups } from "#server/api/context.ts";
import { workerCountsFromPrimary } from "#host/process/cluster.ts";
import { config } from "#server/config.ts";
import { createAdmission, isRefusal, releaseWhenSent, type Refusal } from "#server/lib/admission.ts";
import { crossSiteMessage, crossSiteReason, isSafeMethod } from "#server/lib/csrf.ts";
import { forwardedProto, visitorUrl } from "#shared/http/proxy.ts";
import { createPageFormGate } from "./page-form-gate";
import { onContentChange } from "#server/content-changes.ts";
import { createPageCache, newNonce, type RenderPage } from "./page-cache";
import { getRuntime, stopRuntime } from "#server/runtime.ts";
import { createImageHostApp } from "#server/image-host/app.ts";
import { builtinImageHostKey, IMAGE_HOST_MOUNT } from "#server/services/image-host.ts";

export { stopRuntime };

export interface ServerAppOptions {
  /** Directory of the built client assets; absent in development, where Vite serves them. */
  clientDir?: string;
}

export async function createServerApp(options: ServerAppOptions = {}) {
  const runtime = await getRuntime();
  // One per worker, shared by the pages and /api's expensive routes, so a client's share counts both.
  const admission = createAdmission({
    perClient: config.admissionPerClient,
    maxInFlight: config.admissionMaxInFlight,
    maxEventLoopDelayMs: config.admissionMaxEventLoopDelayMs,
  });
  const api = createApiApp({ db: runtime.database.db, admission });
  const mode = config.isProduction ? "production" : "development";
  // Given a function, React Router re-imports the build and rebuilds its route tables on every request (for hot
  // reload); in production the build never changes, so hand it over once (about a tenth of a page's CPU time).
  const build = config.isProduction ? await import("virtual:react-router/server-build") : null;
  const handleDocument = createRequestHandler(build ?? (() => import("virtual:react-router/server-build")), mode);
  // Each page action's declared fields; in development the routes change under it, so it is made per post.
  const productionGate = build ? createPageFormGate(build.routes) : null;
  const formGate = async (request: Request) =>
    (productionGate ?? createPageFormGate((await import("virtual:react-router/server-build")).routes))(request);

  // Off in development, where a page's code changes under it.
  const pageCache =
    config.isProduction && config.pageCache
      ? createPageCache({
          maxBytes: config.pageCacheMegabytes * 1024 * 1024,
          maxEntryBytes: 1024 * 1024,
          storedCopyPolicy: (inlineScriptHashes) => contentSecurityPolicy({ inlineScriptHashes }, config.isProduction),
          statusHeaders: config.pageCacheHeaders,
        })
      : null;

  const app = new Hono();
  // Outermost, so it sees every answer as sent. Streams too: gzip holds back small chunks, which only
  // matters for Suspense-streamed pages.
  if (config.compression) app.use("*", compress());
  app.use("*", async (c, next) => {
    await next();
    const headers: [string, string][] = [
      ["X-Content-Type-Options", "nosniff"],
      ["Referrer-Policy", "strict-origin-when-cross-origin"],
      ["X-Frame-Options", "DENY"],
      ["Cross-Origin-Opener-Policy", "same-origin"],
      // Nothing of this site is meant to be embedded or read by another site, and no page needs these features.
      ["Cross-Origin-Resource-Policy", "same-origin"],
      ["Permissions-Policy", PERMISSIONS_POLICY],
    ];
    if (forwardedProto(c.req.raw.headers, config.trustProxy) === "https") {
      headers.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
    }
    setResponseHeaders(c, headers);
  });

  // Emptied when public content changes, here or on another instance; sign-in, sign-out and the like leave it.
  if (pageCache) onContentChange(() => pageCache.invalidate());
  onContentChange(dropSiteSettingsOnChange);

  if (options.clientDir) {
    app.use(
      "/assets/*",
      serveStatic({
        root: options.clientDir,
        // The build writes .br and .gz copies of each asset (scripts/precompress-assets.ts); the compression
        // middleware leaves an answer that already has a Content-Encoding alone.
        precompressed: true,
        onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
      }),
    );
    // The files of public/ sit at the top of the client build; looking them up by name spares every page a stat().
    const publicFiles = new Set(
      readdirSync(options.clientDir, { withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => `/${entry.name}`),
    );
    const servePublicFile = serveStatic({
      root: options.clientDir,
      onFound: (_path, c) => c.header("Cache-Control", "public, max-age=3600"),
    });
    app.use("*", (c, next) => (publicFiles.has(c.req.path) ? servePublicFile(c, next) : next()));
  }

  // For an orchestrator: live while the process answers, ready while the database does too; "degraded" (still
  // ready) while the supervisor is restarting some of the workers.
  workerCountsFromPrimary();
  app.get("/healthz/live", (c) => c.json({ status: "ok" }));
  app.get("/healthz/ready", async (c) => {
    try {
      await runtime.database.ping();
      const workers = workerCountsFromPrimary();
      if (!workers) return c.json({ status: "ok" });
      return c.json({ status: workers.running < workers.wanted ? "degraded" : "ok", workers });
    } catch (error) {
      return c.json({ status: "error", detail: error instanceof Error ? error.message : "database unreachable" }, 503);
    }
  });

  // The shipped image host: the image-generation lab's default host, called over loopback.
  app.route(IMAGE_HOST_MOUNT, createImageHostApp({ db: runtime.database.db, apiKey: builtinImageHostKey }));

  const timing = { everyone: config.serverTiming };
  app.all("/api/*", (c) => withServerTiming(() => api.fetch(c.req.raw, c.env as object), timing));
  app.all("/api", (c) => withServerTiming(() => api.fetch(c.req.raw, c.env as object), timing));

  app.all("*", async (c) => {
    // Before the body is read: a cross-site post costs nothing but this answer.
    const crossSite = isSafeMethod(c.req.method) ? null : crossSiteReason(c.req.raw);
    if (crossSite) return c.text(crossSiteMessage(crossSite), 403, { "Cache-Control": "no-store" });
    // Every page render and every page post is expensive work; a page answered from the cache is not, so a GET
    // is admitted only when it is about to render (pageCache.serve asks), a post before its body is read.
    let releaseAfterHandler = () => {};
    const admit = (options?: { refresh: boolean }): Response | null => {
      const outcome = admission.enter(clientIp(c), options);
      if (isRefusal(outcome)) return refusalPage(outcome);
      releaseAfterHandler = releaseWhenSent(c.env, outcome);
      return null;
    };
    try {
      return await answerPage(c, admit);
    } finally {
      releaseAfterHandler();
    }
  });

  async function answerPage(c: Context, admit: (options?: { refresh: boolean }) => Response | null) {
    const cacheable = c.req.method === "GET" || c.req.method === "HEAD";
    if (!cacheable || !pageCache) {
      const refusal = admit();
      if (refusal) return refusal;
    }
    const screened = await formGate(c.req.raw);
    if (screened instanceof Response) return screened;
    const request = config.trustProxy ? asTheProxySawIt(screened) : screened;
    const render: RenderPage = async (nonce, page = request) => {
      // The page's /api calls share one session look-up (server/api/context.ts); a remote caller cannot pass one.
      const sessionLookups: SessionLookups = new Map();
      const transport: ApiTransport = { fetch: (apiRequest, env) => api.fetch(apiRequest, { ...env, sessionLookups }) };
      const context = createRequestContext({ clientIp: clientIp(c), nonce, api: transport });
      const response = withWholePageBody(await handleDocument(page, context));
      // Data that was already cached for a while (the report list, the site settings) shortens the page's life
      // in every cache after this one: the page cache and the browser count its max-age from the data's read.
      const { dataAgeSeconds } = context.get(requestInfoContext);
      if (dataAgeSeconds > 0 && !response.headers.has("age")) setAge(response, dataAgeSeconds);
      return response;
    };
    return withServerTiming(
      () => (pageCache ? pageCache.serve(request, render, cacheable ? admit : undefined) : render(newNonce(), request)),
      timing,
    );
  }

  return app;
}

// Only features browsers know: Chromium warns in the console of every page about one it does not (it has no
// "bluetooth" feature, and no other browser has Web Bluetooth).
const PERMISSIONS_POLICY = [
  "accelerometer",
  "autoplay",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "hid",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "publickey-credentials-get",
  "screen-wake-lock",
  "serial",
  "usb",
  "xr-spatial-tracking",
]
  .map((feature) => `${feature}=()`)
  .join(", ");

/**
 * Sets headers on the answer in place. Hono's c.header() after the handler copies the whole Response for each
 * header (a third of a cached page's CPU time); only a fetch() answer, whose headers are immutable, needs that.
 */
function setResponseHeaders(c: Context, headers: [string, string][]) {
  try {
    for (const [name, value] of headers) c.res.headers.set(name, value);
  } catch {
    for (const [name, value] of headers) c.header(name, value);
  }
}

/** A refused page: plain HTML before the app, its layout and its nonce, with the limit's number and Retry-After. */
function refusalPage(refusal: Refusal): Response {
  const title = refusal.status === 429 ? "Too many requests at once" : "Server busy";
  const html =
    `<!doctype html>\n<html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>\n` +
    `<body><h1>HTTP ${refusal.status}: ${title}</h1>\n<p>${refusal.message}</p>\n` +
    `<p>Try again in ${refusal.retryAfterSeconds} s, or go to the <a href="/">home page</a>.</p></body></html>`;
  return new Response(html, {
    status: refusal.status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Retry-After": String(refusal.retryAfterSeconds),
    },
  });
}

function setAge(response: Response, seconds: number) {
  try {
    response.headers.set("Age", String(seconds));
  } catch {
    // A fetched answer's headers are immutable: it came from elsewhere, whose own Age it keeps.
  }
}

/**
 * Behind a TLS proxy the server sees http://…, while the browser's Origin says https://…: React Router's action
 * origin check would refuse every form post. With TRUST_PROXY the page request carries the address the visitor used.
 */
function asTheProxySawIt(request: Request): Request {
  const url = visitorUrl(request, config.trustProxy);
  if (url.href === request.url) return request;
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    body: hasBody ? request.body : undefined,
    signal: request.signal,
    ...(hasBody ? { duplex: "half" } : {}),
  } as RequestInit);
}
