// Conditional GET for the camera pages (the list is 10 s old at most, a report 24 minutes): Cache-Control and an ETag
// on the document (and on its .data request), and 304 before anything renders when the browser already holds the page.
// The tag is built from what the page shows: the /api answer's own ETag (served from its in-memory cache), the visitor,
// the site settings and this server process. The HTML itself cannot be the tag's source: its CSP nonce changes at every
// request.
import { createHash, randomBytes } from "node:crypto";
import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import { sessionContext } from "#app/context.ts";
import { cacheControl, etagMatches } from "#shared/http/cache-headers.ts";
import { getSiteSettings } from "./site-settings.server";
import { readToast } from "./toast.server";

/** A new process may render differently (a new build): its tags never match an old one's. */
const PROCESS_TAG = randomBytes(8).toString("hex");

export interface ConditionalPageOptions {
  /** How old the page may be when a browser or proxy reuses it. */
  maxAgeSeconds: number;
  /**
   * Loads the page's data (the loader reuses it through the router context) and answers the validator of that
   * data, or null when the page must not be cached (an error).
   */
  fingerprint: (args: {
    request: Request;
    context: Readonly<RouterContextProvider>;
    params: Record<string, string | undefined>;
  }) => Promise<string | null>;
}

export function conditionalPage({ maxAgeSeconds, fingerprint }: ConditionalPageOptions): MiddlewareFunction<Response> {
  return async ({ request, context, params }, next) => {
    if (request.method !== "GET" && request.method !== "HEAD") return next();
    const dataTag = await fingerprint({ request, context, params });
    // A flash message waits in the toast cookie: the page must render to show it, and must not be reused.
    const { toast } = await readToast(request);
    if (!dataTag || toast) return next();

    const { user } = context.get(sessionContext);
    const settings = await getSiteSettings(context);
    // The .data URL of a client navigation differs from the document's, so the two never share a tag.
    const etag = `W/"${createHash("sha256")
      .update([PROCESS_TAG, request.url, JSON.stringify(user), JSON.stringify(settings), dataTag].join("\n"))
      .digest("base64url")
      .slice(0, 32)}"`;
    const headers = {
      ETag: etag,
      // A signed-in page shows the visitor's menu: only their browser may keep it.
      "Cache-Control": cacheControl(maxAgeSeconds, Boolean(user)),
      // The session and toast cookies change what the page shows.
      Vary: "Cookie",
    };
    // No CSP here: a 304 updates the stored headers, and a new nonce would not match the stored page's scripts.
    if (etagMatches(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });

    const response = await next();
    if (response.status === 200) {
      for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    }
    return response;
  };
}
