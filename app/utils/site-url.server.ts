// The site's public origin for canonical URLs, robots.txt and the sitemap: SITE_URL when set, else the request's
// own (behind a trusted proxy, the forwarded scheme and host).
import { webEnv } from "./env.server";
import { visitorUrl } from "#shared/http/proxy.ts";

export function siteOrigin(request: Request): string {
  if (webEnv.siteUrl) {
    try {
      return new URL(webEnv.siteUrl).origin;
    } catch {
      throw new Error(`SITE_URL must be an absolute URL such as https://example.org, got "${webEnv.siteUrl}"`);
    }
  }
  const url = visitorUrl(request, webEnv.trustProxy);
  return url.origin;
}
