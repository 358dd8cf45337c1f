// The one cross-site request check, for pages (host/app.ts, before the body is read) and for cookie-authenticated
// /api calls (server/api/context.ts). A state change must show where it came from: a same-origin Origin, or
// Sec-Fetch-Site: same-origin, or — only when the browser sent neither — a same-origin Referer. A request that
// shows nothing is refused too: every browser this site supports sends at least one of them.
import { config } from "../config";
import { visitorUrl } from "#shared/http/proxy.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method.toUpperCase());
}

/**
 * The hosts (name and port) this site answers as: SITE_URL's when set, and the request's own — its Host header,
 * or the host a trusted proxy reports. A request's own host cannot be turned against a visitor: a page on another
 * host that sends its own name has none of this site's cookies.
 */
function ownHosts(request: Request): Set<string> {
  const hosts = new Set<string>();
  if (config.siteUrl) {
    try {
      hosts.add(new URL(config.siteUrl).host);
    } catch {
      // siteOrigin() reports a malformed SITE_URL; here it simply matches nothing.
    }
  }
  try {
    hosts.add(visitorUrl(request, config.trustProxy).host);
  } catch {
    // A request URL Node accepted is always parseable; nothing to add otherwise.
  }
  return hosts;
}

function hostOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.host : null;
  } catch {
    return null;
  }
}

/** Why the request does not show that it came from this site, or null when it does. */
export function crossSiteReason(request: Request): string | null {
  const hosts = ownHosts(request);
  const fetchSite = request.headers.get("sec-fetch-site");
  // "none" is the visitor's own doing (typed address, bookmark); no other site can cause it.
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none")
    return `Sec-Fetch-Site is ${fetchSite.slice(0, 20)}`;
  const origin = request.headers.get("origin");
  if (origin !== null) {
    const host = hostOf(origin);
    return host && hosts.has(host) ? null : "Origin is not this site";
  }
  if (fetchSite) return null;
  const referer = request.headers.get("referer");
  if (referer !== null) {
    const host = hostOf(referer);
    return host && hosts.has(host) ? null : "Referer is not this site";
  }
  return "the request shows neither Origin, Sec-Fetch-Site nor Referer";
}

/** The message of the 403 answer. */
export function crossSiteMessage(reason: string): string {
  return `Cross-site request refused: ${reason}. Send it from a page of this site.`;
}
