// A shared cache in front of the pages, playing by the rules the pages already give to proxies: only an answer
// marked `Cache-Control: public, max-age=N` (the camera pages for visitors who are not signed in, see
// app/utils/conditional-get.server.ts), only for N seconds, and keyed by URL and Cookie header (`Vary: Cookie`).
// Rendering a report page costs milliseconds of CPU; answering a stored copy costs tens of microseconds.
//
// Two things make a stored page safe to hand to the next visitor:
// - No shared nonce: a rendered page allows its scripts by a per-response nonce, which must never be handed out
//   twice. The stored copy has its nonce attributes taken out and a policy of its own that allows exactly its
//   inline scripts by their SHA-256 hashes (plus this site's own script files), so every answer is the same bytes,
//   sent without a copy, and no answer reveals a nonce any other answer trusts.
// - Changes: the cache empties when public content changes (server/content-changes.ts: a report uploaded, a site
//   var or a legal page saved, here or on another instance sharing the PostgreSQL database), and a render that was
//   under way at that moment is not stored. Sign-in, sign-out and refused writes change no public page and leave it.
// - No stacking: a page built from data that was already some seconds old (the /api list cache, the site settings)
//   says so in its Age header, and is kept that much less, so no copy outlives N seconds from the data's read.
// - Only the site's cookies count (host/page-cookies.ts): others are taken off the request before it renders, so
//   random Cookie values can neither fill the cache with copies nor evict a page.
// - Nothing tells a visitor that another visitor asked for the same URL a moment ago: unless the operator turns on
//   PAGE_CACHE_HEADERS, a stored copy goes out with exactly the headers of the render that stored it (no X-Cache,
//   its Age not counted on), so a hit looks like that miss.
// docs/decisions/0011-page-cache.md
import { createHash, randomBytes } from "node:crypto";
import { pageCookies as sitePageCookies, type PageCookies } from "./page-cookies";

export interface PageCacheOptions {
  /** Most bytes of stored pages. */
  maxBytes: number;
  /** A larger page is sent but not stored. */
  maxEntryBytes: number;
  /** The Content-Security-Policy of a stored copy, given the hashes ('sha256-…') of its inline scripts. */
  storedCopyPolicy: (inlineScriptHashes: string[]) => string;
  now?: () => number;
  /** A number in [0, 1) that shortens a stored page's life by up to EXPIRY_SPREAD of it (Math.random). */
  random?: () => number;
  /**
   * X-Cache (HIT/MISS) and an Age counted on while a copy is kept, on every answer. Off by default: they tell anyone
   * whether another visitor asked for the URL within its max-age.
   */
  statusHeaders?: boolean;
  /** Which cookies count, and which make a page personal (default: the site's own, host/page-cookies.ts). */
  pageCookies?: (header: string | null) => PageCookies;
}

interface StoredPage {
  status: number;
  /** A plain record: the Node adapter writes it out without building a Headers object per answer. */
  headers: Record<string, string>;
  /** Kept as bytes and sent as they are: encoding or copying a 70 kB page per answer would cost more than the rest. */
  body: Buffer<ArrayBuffer>;
  etag: string | null;
  storedAt: number;
  /** Seconds old the page's data already was when it was stored (its Age header then). */
  ageWhenStored: number;
  expiresAt: number;
  /** Past its max-age, and a request is rendering its replacement. */
  refreshing: boolean;
}

/** Renders `request` (the one given to serve, with only the site's cookies) with `nonce`. */
export type RenderPage = (nonce: string, request: Request) => Promise<Response>;

/**
 * A stored page lives its max-age less up to this share of it, drawn for each page. Pages stored together (the
 * searches a crawler or a burst of visitors asks for in the same second) would otherwise expire together, and their
 * replacements render back to back on the one thread every other answer waits for, which shows in the tail latency
 * of every cached answer (docs/performance.md).
 */
const EXPIRY_SPREAD = 0.2;
/** How long past its max-age a page may still be answered while its replacement renders. */
const REFRESH_GRACE_MS = 5_000;
/** Vary values the key already covers (Cookie) or the compression in front of this cache handles. */
const COVERED_VARY = new Set(["cookie", "accept-encoding"]);
const TEXT_TYPE = /^(text\/|application\/json)/;

const NONCE_BYTES = 16;
let randomPool = Buffer.alloc(0);
let poolOffset = 0;

/** 16 random bytes in base64, cut from a pool refilled 4 kB at a time (one system call per 256 nonces). */
export function newNonce(): string {
  if (poolOffset + NONCE_BYTES > randomPool.length) {
    randomPool = randomBytes(4096);
    poolOffset = 0;
  }
  poolOffset += NONCE_BYTES;
  return randomPool.toString("base64", poolOffset - NONCE_BYTES, poolOffset);
}

/**
 * The stored copy of a page rendered with `nonce`: the nonce attributes taken out, and the CSP hashes of the
 * inline scripts left. React escapes "<" in text and attributes, so every "<script" in its output is a tag.
 */
export function withoutNonce(html: string, nonce: string): { html: string; inlineScriptHashes: string[] } {
  const bare = html.replaceAll(` nonce="${nonce}"`, "");
  const inlineScriptHashes: string[] = [];
  for (const [, attributes = "", text = ""] of bare.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    inlineScriptHashes.push(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return { html: bare, inlineScriptHashes: [...new Set(inlineScriptHashes)] };
}

/** Seconds a shared cache may still keep this answer (its max-age less its Age), or 0 when it must not. */
export function sharedMaxAge(response: Response): number {
  if (response.status !== 200 || response.headers.has("set-cookie") || !response.body) return 0;
  const cacheControl = (response.headers.get("cache-control") ?? "").toLowerCase();
  if (!/(^|,)\s*public\s*(,|$)/.test(cacheControl) || /no-store|no-cache|private/.test(cacheControl)) return 0;
  const vary = (response.headers.get("vary") ?? "")
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  if (vary.some((name) => !COVERED_VARY.has(name))) return 0;
  if (!TEXT_TYPE.test(response.headers.get("content-type") ?? "")) return 0;
  const lifetime = /s-maxage=(\d+)/.exec(cacheControl) ?? /max-age=(\d+)/.exec(cacheControl);
  return lifetime ? Math.max(0, Number(lifetime[1]) - ageOf(response)) : 0;
}

/** The Age header in whole seconds; 0 when absent or unreadable. */
function ageOf(response: Response): number {
  const age = Number(response.headers.get("age") ?? 0);
  return Number.isSafeInteger(age) && age > 0 ? age : 0;
}

function etagMatches(ifNoneMatch: string | null, etag: string | null): boolean {
  if (!ifNoneMatch || !etag) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((candidate) => candidate.trim() === "*" || bare(candidate) === bare(etag));
}

export function createPageCache({
  maxBytes,
  maxEntryBytes,
  storedCopyPolicy,
  now = Date.now,
  random = Math.random,
  statusHeaders = false,
  pageCookies = sitePageCookies,
}: PageCacheOptions) {
  // Map order is least recently used first.
  const pages = new Map<string, StoredPage>();
  let storedBytes = 0;
  // Bumped when public content changes: a render that began before that may show the old content.
  let contentGeneration = 0;

  function remove(key: string) {
    const page = pages.get(key);
    if (!page) return;
    storedBytes -= page.body.length;
    pages.delete(key);
  }

  function clear() {
    pages.clear();
    storedBytes = 0;
  }

  function store(key: string, page: StoredPage) {
    remove(key);
    pages.set(key, page);
    storedBytes += page.body.length;
    for (const oldest of pages.keys()) {
      if (storedBytes <= maxBytes) break;
      remove(oldest);
    }
  }

  function answer(page: StoredPage, request: Request): Response {
    const headers: Record<string, string> = statusHeaders
      ? {
          ...page.headers,
          age: String(page.ageWhenStored + Math.max(0, Math.floor((now() - page.storedAt) / 1000))),
          "x-cache": "HIT",
        }
      : { ...page.headers };
    if (etagMatches(request.headers.get("if-none-match"), page.etag)) {
      delete headers["content-type"];
      delete headers["content-security-policy"];
      return new Response(null, { status: 304, headers });
    }
    if (request.method === "HEAD") return new Response(null, { status: page.status, headers });
    return new Response(page.body, { status: page.status, headers });
  }

  return {
    /**
     * Answers a page from the cache, or renders it (with a fresh nonce) and stores it when it may be shared.
     * `admit` is asked only before a render (told whether it replaces an expired copy): its refusal (the worker is
     * busy) is the answer, unless an expired copy is still within its grace, answered instead and refreshed later.
     */
    async serve(
      request: Request,
      render: RenderPage,
      admit?: (refresh: { refresh: boolean }) => Response | null,
    ): Promise<Response> {
      const readable = request.method === "GET" || request.method === "HEAD";
      const cookies = pageCookies(request.headers.get("cookie"));
      // By construction: the page renders from the cookies the key is made of, and no others.
      if (readable && cookies.header !== request.headers.get("cookie")) request = withCookies(request, cookies.header);
      const cacheable = readable && !cookies.personal;
      const key = `${request.url}\n${cookies.key}`;
      let expired: StoredPage | undefined;
      if (cacheable) {
        const page = pages.get(key);
        const at = now();
        // Past its max-age, one request renders the replacement; the others get the old copy meanwhile (at most
        // REFRESH_GRACE_MS longer), instead of all rendering it at once.
        if (page && (page.expiresAt > at || (page.refreshing && at < page.expiresAt + REFRESH_GRACE_MS))) {
          pages.delete(key);
          pages.set(key, page);
          return answer(page, request);
        }
        if (page) {
          page.refreshing = true;
          expired = page;
        }
      }
      // The expired copy goes unless its replacement is stored (the page may now be private, or an error).
      const dropExpired = () => {
        if (expired && pages.get(key) === expired) remove(key);
      };

      const refusal = admit?.({ refresh: expired !== undefined }) ?? null;
      if (refusal) {
        if (!expired || now() >= expired.expiresAt + REFRESH_GRACE_MS) {
          dropExpired();
          return refusal;
        }
        expired.refreshing = false;
        return answer(expired, request);
      }

      const generation = contentGeneration;
      const nonce = newNonce();
      let response: Response;
      try {
        response = await render(nonce, request);
      } catch (error) {
        dropExpired();
        throw error;
      }
      const maxAge = request.method === "GET" && cacheable ? sharedMaxAge(response) : 0;
      if (maxAge === 0) {
        dropExpired();
        return response;
      }

      // One branch streams to the visitor as it renders, the other is read whole and stored.
      const [toVisitor, toCache] = response.body!.tee();
      const storedAt = now();
      void new Response(toCache)
        .arrayBuffer()
        .then((bytes) => {
          if (generation !== contentGeneration || bytes.byteLength > maxEntryBytes) return dropExpired();
          const { html, inlineScriptHashes } = withoutNonce(Buffer.from(bytes).toString("utf8"), nonce);
          const headers: Record<string, string> = {};
          for (const [name, value] of response.headers) if (name !== "server-timing") headers[name] = value;
          if (headers["content-security-policy"])
            headers["content-security-policy"] = storedCopyPolicy(inlineScriptHashes);
          store(key, {
            status: response.status,
            headers,
            body: Buffer.from(html, "utf8"),
            etag: response.headers.get("etag"),
            storedAt,
            ageWhenStored: ageOf(response),
            expiresAt: storedAt + maxAge * 1000 * (1 - EXPIRY_SPREAD * random()),
            refreshing: false,
          });
        })
        .catch(dropExpired);
      const sent = new Response(toVisitor, response);
      if (statusHeaders) sent.headers.set("X-Cache", "MISS");
      return sent;
    },

    /** Public content changed: every stored page goes, and no render already under way is stored. */
    invalidate(): void {
      contentGeneration++;
      clear();
    },

    get stats() {
      return { pages: pages.size, bytes: storedBytes };
    },
  };
}

/** A GET or HEAD request with its Cookie header replaced (or removed). */
function withCookies(request: Request, cookie: string | null): Request {
  const headers = new Headers(request.headers);
  if (cookie === null) headers.delete("cookie");
  else headers.set("cookie", cookie);
  return new Request(request.url, { method: request.method, headers, signal: request.signal });
}
