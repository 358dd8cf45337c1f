// The camera report list, at / and /camera2/report_list: recent reports with search, filters, sorting, paging and
// grouping by model, all in the URL (a GET form and links), and checkboxes to compare reports. Cached for 10 s with
// ETag/304.
import {
  createContext,
  data,
  redirect,
  useLoaderData,
  useLocation,
  useRouteError,
  type RouterContextProvider,
} from "react-router";
import { Link } from "#app/components/link.tsx";
import type { Route } from "./+types/report-list";
import { ExportLinks } from "#app/components/camera/export-links.tsx";
import { NavigationStatus } from "#app/components/camera/navigation-status.tsx";
import { NoMatchingReports } from "#app/components/camera/no-matching-reports.tsx";
import { ProbeAppNote } from "#app/components/camera/probe-app-note.tsx";
import { ActiveFilters } from "#app/components/camera/active-filters.tsx";
import { ListOptions } from "#app/components/camera/list-options.tsx";
import { ModelTable } from "#app/components/camera/model-table.tsx";
import { ReportFilters } from "#app/components/camera/report-filters.tsx";
import { ReportTable } from "#app/components/camera/report-table.tsx";
import { CameraErrorView } from "#app/components/camera/camera-error-view.tsx";
import ArrowLeftIcon from "lucide-react/icons/arrow-left";
import ArrowRightIcon from "lucide-react/icons/arrow-right";
import ChartColumnIcon from "lucide-react/icons/chart-column";
import { inlineIconClass } from "#app/components/icons.ts";
import { renderOnlyData, useRenderOnlyData } from "#app/utils/render-only-data.ts";
import {
  CameraReportQuerySchema,
  normalizeCameraReportQuery,
  type CameraManufacturerCounts,
  type CameraReportPage,
} from "#shared/contract/camera.ts";
import {
  cameraReportSearchParams,
  DEFAULT_PAGE_SIZE,
  EMPTY_CAMERA_REPORT_QUERY,
  CAMERA_REPORT_PARAMETER_NAMES,
  CAMERA_REPORT_PARAMETERS,
  isFilteredQuery,
  MAX_REACH,
  searchParamsToQueryInput,
  type CameraReportQuery,
} from "#shared/contract/camera-vocabulary.ts";
import { apiRequest, fieldErrorsOf, type ApiResult } from "#app/utils/api.server.ts";
import { conditionalPage } from "#app/utils/conditional-get.server.ts";
import { pageMeta } from "#app/utils/meta.ts";

/** The search in the URL: as the API takes it (known parameters only, empty ones dropped) and as the form shows it. */
function readSearch(url: URL): { apiSearch: string; query: CameraReportQuery } {
  const known = new URLSearchParams();
  for (const key of CAMERA_REPORT_PARAMETER_NAMES)
    for (const value of url.searchParams.getAll(key)) if (value !== "") known.append(key, value);
  const parsed = CameraReportQuerySchema.safeParse(searchParamsToQueryInput(known));
  if (parsed.success) {
    // Canonical form: one API cache entry per search, whatever the order of the parameters.
    const query = normalizeCameraReportQuery(parsed.data);
    return { apiSearch: cameraReportSearchParams(query).toString(), query };
  }
  // An invalid search goes as typed, so the API names what is wrong with it.
  return {
    apiSearch: known.toString(),
    query: { ...EMPTY_CAMERA_REPORT_QUERY, q: url.searchParams.get("q") ?? "" },
  };
}

const listContext = createContext<ApiResult<CameraReportPage> | null>(null);
const manufacturersContext = createContext<Promise<ApiResult<CameraManufacturerCounts>> | null>(null);

function loadManufacturers(context: Readonly<RouterContextProvider>) {
  return apiRequest<CameraManufacturerCounts>(context, "/camera/manufacturers");
}

function loadList(request: Request, context: Readonly<RouterContextProvider>) {
  const { apiSearch } = readSearch(new URL(request.url));
  return apiRequest<CameraReportPage>(context, `/camera/reports${apiSearch ? `?${apiSearch}` : ""}`);
}

export const middleware: Route.MiddlewareFunction[] = [
  conditionalPage({
    maxAgeSeconds: 10,
    fingerprint: async ({ request, context }) => {
      // Asked for together with the list, so a slow /api costs its time-out once, not once per call.
      context.set(manufacturersContext, loadManufacturers(context));
      const result = await loadList(request, context);
      context.set(listContext, result);
      return result.ok ? result.headers.get("etag") : null;
    },
  }),
];

/** The URL without the empty values a GET form sends for "any" (?q=pixel&facing=&min_level=), if it has some. */
function withoutEmptyValues(url: URL): string | null {
  const kept = [...url.searchParams].filter(
    ([key, value]) => value !== "" || !Object.hasOwn(CAMERA_REPORT_PARAMETERS, key),
  );
  if (kept.length === [...url.searchParams].length) return null;
  const search = new URLSearchParams(kept.filter(([key]) => key !== "_routes")).toString();
  // A client navigation asks for /path.data (/_.data for the home page): the redirect goes to the page itself.
  const pathname = url.pathname.replace(/\/_(root)?\.data$/, "/").replace(/\.data$/, "") || "/";
  return `${pathname}${search ? `?${search}` : ""}`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  // Short URLs are the ones people share: drop what the form sent for "any".
  const shorter = withoutEmptyValues(new URL(request.url));
  if (shorter) throw redirect(shorter);
  const [result, counted] = await Promise.all([
    context.get(listContext) ?? loadList(request, context),
    context.get(manufacturersContext) ?? loadManufacturers(context),
  ]);
  const { query } = readSearch(new URL(request.url));
  // The filter still works without the counts: it then offers the manufacturers the search names.
  const manufacturers = counted.ok ? counted.data.manufacturers : [];
  const found = (list: CameraReportPage | null) => renderOnlyData(request, { list, manufacturers });
  if (result.ok) return { query, found: found(result.data), errors: {} as Record<string, string[]> };
  if (result.status === 400) {
    return data({ query, found: found(null), errors: fieldErrorsOf(result.error) }, { status: 400 });
  }
  throw data(result.error, { status: result.status });
}

export const meta: Route.MetaFunction = (args) => {
  const q = args.loaderData?.query.q;
  const isHome = args.location.pathname === "/";
  return pageMeta(args, {
    // The home page's title is the product name alone. The list's own text stays Latin-1 (straight quotes, "1 to
    // 50"): a 100-row page renders far faster as a one-byte string (docs/decisions/0096).
    title: q ? `Camera reports for "${q}"` : isHome ? "" : "Camera reports",
    description:
      "What Android devices' cameras can do: Camera2 reports from the camera probe " +
      "app, searchable by device, manufacturer, Android version, megapixels, facing, hardware level and capability.",
    canonicalPath: "/",
  });
};

export default function ReportList() {
  const { query, found, errors } = useLoaderData<typeof loader>();
  const { list, manufacturers } = useRenderOnlyData(found);
  const { pathname } = useLocation();
  const reports = list?.reports ?? [];
  const models = list?.models;
  const rowCount = models ? models.length : reports.length;
  const firstNumber = list ? (list.page - 1) * list.size + 1 : 1;
  const lastNumber = firstNumber + rowCount - 1;
  // Paging reaches back MAX_REACH reports; older ones are found by narrowing the search. A filtered total may be a
  // lower bound ("1,000+"): then a full page means there may be another.
  const reach = Math.ceil(MAX_REACH / (list?.size ?? DEFAULT_PAGE_SIZE));
  const pages = list ? Math.min(reach, Math.max(1, Math.ceil(list.total / list.size))) : 1;
  const morePages = Boolean(list?.total_is_lower_bound) && pages < reach;
  const hasOlder = list ? list.page < reach && (list.page < pages || (morePages && rowCount === list.size)) : false;
  const totalText = list ? `${list.total.toLocaleString("en-US")}${list.total_is_lower_bound ? "+" : ""}` : "";
  const pageLink = (page: number) => {
    const search = cameraReportSearchParams({ ...query, page }).toString();
    return `${pathname}${search ? `?${search}` : ""}`;
  };
  const filtered = isFilteredQuery(query);
  const order = query.sort === "uploaded" && query.dir === "desc" ? ", newest first" : "";
  return (
    <section className="space-y-5">
      <NavigationStatus />
      <div className="space-y-2">
        <h1 className="page-title mb-1">{headingOf(list, rowCount, filtered, totalText)}</h1>
        {list && !(list.total === 0 && filtered) ? (
          <p className="text-sm text-zinc-700 dark:text-zinc-300" aria-live="polite">
            {list.total === 0
              ? "No reports yet."
              : `Showing ${firstNumber.toLocaleString("en-US")} to ${lastNumber.toLocaleString("en-US")} ` +
                `of ${totalText} ${filtered ? "matching " : ""}${models ? "models" : "reports"}${order}.`}
          </p>
        ) : null}
        {list ? <ProbeAppNote storeUrl={list.probe_app_store_url} /> : null}
        <p className="text-sm">
          <Link to="/camera2/stats">
            <ChartColumnIcon aria-hidden="true" className={inlineIconClass} /> Statistics of all reports
          </Link>
        </p>
      </div>

      <ReportFilters query={query} errors={errors} manufacturers={manufacturers} />

      {list ? <ListOptions query={query} pathname={pathname} /> : null}
      {rowCount ? <ActiveFilters query={query} pathname={pathname} /> : null}

      {reports.length ? <ExportLinks query={query} filtered={filtered} /> : null}

      {models?.length ? (
        <ModelTable models={models} firstNumber={firstNumber} query={query} pathname={pathname} />
      ) : reports.length ? (
        <ReportTable reports={reports} firstNumber={firstNumber} query={query} pathname={pathname} />
      ) : list && filtered ? (
        <NoMatchingReports query={query} pathname={pathname} />
      ) : null}

      {list && (pages > 1 || hasOlder) ? (
        <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3">
          {list.page > 1 ? (
            <Link to={pageLink(list.page - 1)} className="btn" rel="prev">
              <ArrowLeftIcon aria-hidden="true" className={inlineIconClass} /> Newer
            </Link>
          ) : (
            <span />
          )}
          <span className="text-center text-sm text-zinc-700 dark:text-zinc-300">
            Page {list.page.toLocaleString("en-US")}
            {morePages ? "" : ` of ${pages.toLocaleString("en-US")}`}
            {list.page === reach && (list.total > MAX_REACH || list.total_is_lower_bound) ? (
              <span className="block text-xs">
                Pages reach back {MAX_REACH.toLocaleString("en-US")} reports: search to find older ones.
              </span>
            ) : null}
          </span>
          {hasOlder ? (
            <Link to={pageLink(list.page + 1)} className="btn" rel="next">
              Older <ArrowRightIcon aria-hidden="true" className={inlineIconClass} />
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </section>
  );
}

/** "Recent 50 Reports"; a filtered list says how many match ("1,000+ matches"), a grouped one how many models. */
function headingOf(list: CameraReportPage | null, rowCount: number, filtered: boolean, totalText: string): string {
  if (!list || rowCount === 0) return "Camera reports";
  if (list.models) return `${totalText} ${list.total === 1 ? "model" : "models"}`;
  if (filtered) return `${totalText} ${list.total === 1 && !list.total_is_lower_bound ? "match" : "matches"}`;
  return `Recent ${rowCount} Reports`;
}

export function ErrorBoundary() {
  return <CameraErrorView error={useRouteError()} title="Camera reports" next={{ to: ".", label: "Try again" }} />;
}
