// /sitemap.xml: the public pages and the newest camera reports (each at its canonical /camera2/{id} address).
// Older reports stay reachable for crawlers through the report list's page links; one sitemap of 100,000 entries
// would cost a thousand API calls per fetch and pass the protocol's 50,000-URL limit.
import type { Route } from "./+types/sitemap.xml";
import type { CameraReportPage } from "#shared/contract/camera.ts";
import { apiRequest } from "#app/utils/api.server.ts";
import { siteOrigin } from "#app/utils/site-url.server.ts";

/** Public pages worth a search result (not the health page, nor compare, which needs report ids). */
export const SITEMAP_PAGES = [
  "/",
  "/camera2/report_list",
  "/camera2/stats",
  "/terms",
  "/privacy",
  "/contact",
  "/tools",
  "/tools/json-pretty-format",
  "/tools/url-decode-encode",
];
export const SITEMAP_REPORT_LIMIT = 1_000;
const API_PAGE_SIZE = 100;

function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

async function newestReports(context: Route.LoaderArgs["context"]): Promise<CameraReportPage["reports"]> {
  const reports: CameraReportPage["reports"] = [];
  for (let page = 1; reports.length < SITEMAP_REPORT_LIMIT; page++) {
    const result = await apiRequest<CameraReportPage>(context, `/camera/reports?page=${page}&size=${API_PAGE_SIZE}`, {
      token: null,
    });
    // Without reports (the API is down or not there yet) the sitemap still lists the pages.
    if (!result.ok || !Array.isArray(result.data?.reports)) break;
    reports.push(...result.data.reports);
    if (result.data.reports.length < API_PAGE_SIZE) break;
  }
  return reports.slice(0, SITEMAP_REPORT_LIMIT);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = siteOrigin(request);
  const entry = (path: string, lastModified?: string) => {
    const lastModifiedTag = lastModified ? `<lastmod>${escapeXml(lastModified)}</lastmod>` : "";
    return `  <url><loc>${escapeXml(origin + path)}</loc>${lastModifiedTag}</url>`;
  };
  const reports = await newestReports(context);
  const body = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`,
    ...SITEMAP_PAGES.map((path) => entry(path)),
    ...reports.map((report) => entry(`/camera2/${encodeURIComponent(report.id)}`, report.created_at)),
    `</urlset>`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=600" },
  });
}
