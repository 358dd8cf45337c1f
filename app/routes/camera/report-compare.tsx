// Compare 2 to 4 camera reports side by side (/camera2/compare?ids=a&ids=b or ?ids=a,b): the device, its best
// levels and capabilities, and the main back and front cameras' headline figures, one column per report.
import { createContext, data, useLoaderData, useRouteError, type RouterContextProvider } from "react-router";
import { Link } from "#app/components/link.tsx";
import type { Route } from "./+types/report-compare";
import { renderOnlyData, useRenderOnlyData } from "#app/utils/render-only-data.ts";
import type { CameraReportDetail } from "#shared/contract/camera.ts";
import { columnOf, rowDiffers, SECTIONS } from "#app/components/camera/compare-rows.tsx";
import { NavigationStatus } from "#app/components/camera/navigation-status.tsx";
import { CameraErrorView } from "#app/components/camera/camera-error-view.tsx";
import ArrowLeftIcon from "lucide-react/icons/arrow-left";
import PlusIcon from "lucide-react/icons/plus";
import { inlineIconClass } from "#app/components/icons.ts";
import { TableWrap } from "#app/components/table-wrap.tsx";
import { CompareQuerySchema } from "#shared/contract/camera.ts";
import { MAX_COMPARE, MIN_COMPARE } from "#shared/contract/camera-vocabulary.ts";
import { apiRequest, type ApiResult } from "#app/utils/api.server.ts";
import { conditionalPage } from "#app/utils/conditional-get.server.ts";

type Loaded = { ids: string[]; results: ApiResult<CameraReportDetail>[] } | { ids: null; message: string };
const compareContext = createContext<Loaded | null>(null);

async function loadReports(request: Request, context: Readonly<RouterContextProvider>): Promise<Loaded> {
  const parsed = CompareQuerySchema.safeParse({ ids: new URL(request.url).searchParams.getAll("ids") });
  if (!parsed.success)
    return {
      ids: null,
      message: parsed.error.issues[0]?.message ?? `Pick ${MIN_COMPARE} to ${MAX_COMPARE} reports to compare.`,
    };
  const ids = parsed.data.ids;
  const results = await Promise.all(ids.map((id) => apiRequest<CameraReportDetail>(context, `/camera/reports/${id}`)));
  return { ids, results };
}

export const middleware: Route.MiddlewareFunction[] = [
  conditionalPage({
    maxAgeSeconds: 24 * 60,
    fingerprint: async ({ request, context }) => {
      const loaded = await loadReports(request, context);
      context.set(compareContext, loaded);
      if (!loaded.ids || loaded.results.some((result) => !result.ok)) return null;
      return loaded.results.map((result) => result.headers.get("etag") ?? "").join(",");
    },
  }),
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const loaded = context.get(compareContext) ?? (await loadReports(request, context));
  const onlyDifferences = new URL(request.url).searchParams.get("diff") === "1";
  const compared = (reports: CameraReportDetail[]) => ({
    reports: renderOnlyData(request, reports),
    models: reports.map((report) => report.report_data.device_model).filter(Boolean),
  });
  if (!loaded.ids) return data({ ...compared([]), message: loaded.message, onlyDifferences }, { status: 400 });
  const reports: CameraReportDetail[] = [];
  for (const [index, result] of loaded.results.entries()) {
    if (!result.ok) {
      const detail = result.status === 404 ? `No report data available for ${loaded.ids[index]}` : result.error.detail;
      throw data({ ...result.error, detail }, { status: result.status });
    }
    reports.push(result.data);
  }
  return { ...compared(reports), message: null, onlyDifferences };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const names = loaderData?.models ?? [];
  return [{ title: names.length ? `Compare ${names.join(" vs ")}` : "Compare camera reports" }];
};

/** The comparison's own URL: these reports, all rows or only the differing ones. */
function compareHref(ids: string[], onlyDifferences: boolean): string {
  const search = new URLSearchParams(ids.map((id) => ["ids", id]));
  if (onlyDifferences) search.set("diff", "1");
  return `/camera2/compare?${search}`;
}

export default function ReportCompare() {
  const loaded = useLoaderData<typeof loader>();
  const { message, onlyDifferences } = loaded;
  const reports = useRenderOnlyData(loaded.reports);
  if (message) {
    return (
      <section className="space-y-3">
        <NavigationStatus />
        <h1 className="page-title">Compare camera reports</h1>
        <p role="alert" className="field-error text-base">
          {message}
        </p>
        <p>
          Tick the reports to compare in the <Link to="/camera2/report_list">report list</Link>, then press Compare
          selected, or open a report and choose Compare with.
        </p>
      </section>
    );
  }
  const columns = reports.map(columnOf);
  const ids = reports.map((report) => report.id);
  const sections = SECTIONS.map((section) => ({
    title: section.title,
    rows: section.rows.map((row) => ({ row, differs: rowDiffers(row, columns) })),
  }));
  const rowCount = sections.reduce((sum, section) => sum + section.rows.length, 0);
  const differing = sections.reduce((sum, section) => sum + section.rows.filter((row) => row.differs).length, 0);
  return (
    <section className="space-y-4">
      <NavigationStatus />
      <p className="text-sm">
        <Link to="/camera2/report_list">
          <ArrowLeftIcon aria-hidden="true" className={inlineIconClass} /> All reports
        </Link>
      </p>
      <h1 className="page-title">Compare {reports.length} camera reports</h1>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <RowsSwitch ids={ids} onlyDifferences={onlyDifferences} />
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {differing} of {rowCount} rows differ, marked <DiffersMark />
        </p>
        {ids.length < MAX_COMPARE ? (
          <Link to={`/camera2/compare/add?${new URLSearchParams(ids.map((id) => ["ids", id]))}`} className="btn">
            <PlusIcon aria-hidden="true" className={inlineIconClass} /> Add a report
          </Link>
        ) : null}
      </div>
      <TableWrap label="Comparison">
        <table className="data-table">
          <caption className="sr-only">
            Reports side by side{onlyDifferences ? ", only the rows where they differ" : ""}
          </caption>
          <thead>
            <tr>
              <td className="border-b border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900" />
              {columns.map(({ report }) => (
                <th key={report.id} scope="col" className="min-w-44 align-top">
                  <Link to={`/camera2/${report.id}`}>
                    {report.report_data.manufacturer} {report.report_data.device_model}
                  </Link>
                  {ids.length > MIN_COMPARE ? (
                    <div className="mt-1 text-xs font-normal">
                      <Link
                        to={compareHref(
                          ids.filter((id) => id !== report.id),
                          onlyDifferences,
                        )}
                      >
                        Remove
                      </Link>
                    </div>
                  ) : null}
                </th>
              ))}
            </tr>
          </thead>
          {sections.map((section) => {
            const shown = section.rows.filter(({ differs }) => differs || !onlyDifferences);
            return (
              <tbody key={section.title}>
                <tr>
                  <th
                    scope="colgroup"
                    colSpan={columns.length + 1}
                    className="bg-zinc-100 text-xs tracking-wide uppercase dark:bg-zinc-800"
                  >
                    {section.title}
                  </th>
                </tr>
                {shown.map(({ row, differs }) => (
                  <tr
                    key={row.label}
                    data-differs={differs ? "true" : undefined}
                    className={differs ? DIFFERS_ROW : ""}
                  >
                    <th scope="row" className="bg-transparent font-medium whitespace-nowrap">
                      {row.label}
                      {differs ? (
                        <>
                          {" "}
                          <DiffersMark />
                        </>
                      ) : null}
                    </th>
                    {columns.map((column) => (
                      <td key={column.report.id}>{row.render ? row.render(column) : row.value(column)}</td>
                    ))}
                  </tr>
                ))}
                {shown.length === 0 ? (
                  <tr>
                    <td colSpan={columns.length + 1} className="text-zinc-700 dark:text-zinc-300">
                      The same in every report.
                    </td>
                  </tr>
                ) : null}
              </tbody>
            );
          })}
        </table>
      </TableWrap>
    </section>
  );
}

/** A differing row's tint; the mark in its header says the same in words, for those who cannot tell the colour. */
const DIFFERS_ROW =
  "bg-amber-50 dark:bg-amber-950 [&>th]:border-l-4 [&>th]:border-l-amber-500 [&>th]:bg-amber-50 " +
  "dark:[&>th]:bg-amber-950";

function DiffersMark() {
  return (
    <span
      className={
        "ml-1 inline-block rounded border border-amber-600 px-1 text-xs font-semibold text-amber-900 " +
        "dark:border-amber-400 dark:text-amber-200"
      }
    >
      differs
    </span>
  );
}

/** All rows or only the differing ones: two links, the one shown marked current, so it works without JavaScript. */
function RowsSwitch({ ids, onlyDifferences }: { ids: string[]; onlyDifferences: boolean }) {
  const option = (only: boolean, label: string) => {
    const current = only === onlyDifferences;
    return (
      <Link
        to={compareHref(ids, only)}
        aria-current={current ? "page" : undefined}
        className={
          "px-3 py-1.5 text-sm " +
          (current
            ? "bg-zinc-900 font-semibold text-white no-underline dark:bg-zinc-100 dark:text-zinc-900"
            : "bg-white dark:bg-zinc-900")
        }
      >
        {label}
      </Link>
    );
  };
  return (
    <nav
      aria-label="Rows shown"
      className="inline-flex overflow-hidden rounded-md border border-zinc-300 dark:border-zinc-700"
    >
      {option(false, "All rows")}
      {option(true, "Only differences")}
    </nav>
  );
}

export function ErrorBoundary() {
  return (
    <CameraErrorView
      error={useRouteError()}
      title="Compare camera reports"
      notFound={{ title: "No report data available" }}
      next={{ to: "/camera2/report_list", label: "See all reports" }}
    />
  );
}
