// /robots.txt: crawlers may read the public pages; the admin area, sign-in, personal pages and /api are not for them.
import type { Route } from "./+types/robots.txt";
import { siteOrigin } from "#app/utils/site-url.server.ts";

export const DISALLOWED_PREFIXES = ["/admin", "/auth/", "/account/", "/profile/", "/api/"];

export function loader({ request }: Route.LoaderArgs) {
  const lines = [
    "User-agent: *",
    ...DISALLOWED_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    "Allow: /",
    "",
    `Sitemap: ${siteOrigin(request)}/sitemap.xml`,
    "",
  ];
  return new Response(lines.join("\n"), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
