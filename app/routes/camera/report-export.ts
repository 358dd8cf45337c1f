// Every report a search matches as a file: /camera2/report_list/export.csv and export.json take the list's query
// and pass the API's streamed answer on as it comes, so a large export never sits whole in this process. The export
// of every report comes from a file the API keeps: its validators and a 304 are passed on too.
import type { Route } from "./+types/report-export";
import { apiStream } from "#app/utils/api.server.ts";

/** What the API's answer says about the file that the browser needs. */
const PASSED_HEADERS = [
  "content-type",
  "content-disposition",
  "x-export-limit",
  "cache-control",
  "etag",
  "last-modified",
  "content-length",
];
/** The browser's validators, for the API to answer 304 when its file has not changed. */
const CONDITIONAL_HEADERS = ["if-none-match", "if-modified-since"];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const format = url.pathname.endsWith(".json") ? "json" : "csv";
  const search = new URLSearchParams([...url.searchParams].filter(([, value]) => value !== ""));
  const query = search.toString();
  const conditional: Record<string, string> = {};
  for (const name of CONDITIONAL_HEADERS) {
    const value = request.headers.get(name);
    if (value) conditional[name] = value;
  }
  const result = await apiStream(context, `/camera/reports/export.${format}${query ? `?${query}` : ""}`, {
    conditional,
  });
  if (!result.ok) {
    const lines = [result.error.detail, ...result.error.errors.map(({ field, message }) => `${field}: ${message}`)];
    return new Response(`The export failed: ${lines.join("\n")}\n`, {
      status: result.status,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const name of PASSED_HEADERS) {
    const value = result.response.headers.get(name);
    if (value) headers.set(name, value);
  }
  const status = result.response.status === 304 ? 304 : 200;
  return new Response(status === 304 ? null : result.response.body, { status, headers });
}
