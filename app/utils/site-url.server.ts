// The site's public origin for canonical URLs, robots.txt and the sitemap: SITE_URL when set, else the request's
// own (behind a trusted proxy, the forwarded scheme and host).
import { config } from "../../server/config";
import { visitorUrl } from "../../server/lib/proxy";

export function siteOrigin(request: Request): string {
  if (config.siteUrl) {
    try {
      return new URL(config.siteUrl).origin;
    } catch {
      throw new Error(`SITE_URL must be an absolute URL such as https://example.org, got "${config.siteUrl}"`);
    }
  }
  const url = visitorUrl(request);
  return url.origin;
}
