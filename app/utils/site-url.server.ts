// The site's public origin for canonical URLs, robots.txt and the sitemap: SITE_URL when set, else the request's
// own (behind a trusted proxy, the forwarded scheme and host).
import { config } from "../../server/config";

export function siteOrigin(request: Request): string {
  if (config.siteUrl) {
    try {
      return new URL(config.siteUrl).origin;
    } catch {
      throw new Error(`SITE_URL must be an absolute URL such as https://example.org, got "${config.siteUrl}"`);
    }
  }
  const url = new URL(request.url);
  if (config.trustProxy) {
    const proto = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
    const host = request.headers.get("x-forwarded-host")?.split(",")[0]?.trim();
    if (proto === "https" || proto === "http") url.protocol = `${proto}:`;
    if (host) {
      try {
        url.host = host;
      } catch {
        // A malformed forwarded host keeps the request's own.
      }
    }
  }
  return url.origin;
}
