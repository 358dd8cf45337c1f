// Pick a report to add to a comparison (/camera2/compare/add?ids=a&q=pixel): the reports chosen so far, a search
// (a GET form) and its matches, each with a link to the comparison with it added. A report's page starts here with
// its own id, so "Compare with…" needs no JavaScript.
import { data, Form, useLoaderData, useRouteError } from "react-router";
import { Link } from "#app/components/link.tsx";
import type { Route } from "./+types/report-compare-add";
import { NavigationStatus } from "#app/components/camera/navigation-status.tsx";
import { CameraErrorView } from "#app/components/camera/camera-error-view.tsx";
import ArrowLeftIcon from "lucide-react/icons/arrow-left";
import PlusIcon from "lucide-react/icons/plus";
import { inlineIconClass } from "#app/components/icons.ts";
import { TableWrap } from "#app/components/table-wrap.tsx";
import { Time } from "#app/components/time.tsx";
import { reportIdList, type CameraReportDetail, type CameraReportPage } from "#shared/contract/camera.ts";
import {
  cameraReportSearchParams,
  isReportId,
  MAX_COMPARE,
  MAX_SEARCH_LENGTH,
  MIN_COMPARE,
} from "#shared/contract/camera-vocabulary.ts";
import { apiRequest } from "#app/utils/api.server.ts";

/** How many matches the page offers; a narrower search finds the rest. */
const RESULTS_SHOWN = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const ids = reportIdList(url.searchParams.getAll("ids"));
  if (ids.length > MAX_COMPARE || !ids.every(isReportId))
    throw data(
      { detail: `Pick at most ${MAX_COMPARE} reports by their ids.`, status_code: 400, errors: [] },
      { status: 400 },
    );
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
  const [chosenResults, found] = await Promise.all([
    Promise.all(ids.map((id) => apiRequest<CameraReportDetail>(context, `/camera/reports/${id}`))),
    q
      ? apiRequest<CameraReportPage>(context, `/camera/reports?${cameraReportSearchParams({ q, size: RESULTS_SHOWN })}`)
      : null,
  ]);
  const chosen = chosenResults.map((result, index) => {
    if (result.ok) return result.data;
    const detail = result.status === 404 ? `No report data available for ${ids[index]}` : result.error.detail;
    throw data({ ...result.error, detail }, { status: result.status });
  });
  if (found && !found.ok) throw data(found.error, { status: found.status });
  const matches = (found?.data.reports ?? []).filter((report) => !ids.includes(report.id));
  return { ids, q, chosen, matches, searched: Boolean(found) };
}

export const meta: Route.MetaFunction = () => [
  { title: "Add a report to the comparison" },
  { name: "robots", content: "noindex" },
];

function deviceOf(report: { manufacturer?: string; device_model?: string }): string {
  return [report.manufacturer, report.device_model].filter(Boolean).join(" ") || "Unknown device";
}

/** Where a picked report leads: the comparison once there are two, else back here to pick another. */
function addHref(ids: string[], added: string): string {
  const search = new URLSearchParams([...ids, added].map((id) => ["ids", id]));
  return ids.length + 1 >= MIN_COMPARE ? `/camera2/compare?${search}` : `/camera2/compare/add?${search}`;
}

export default function ReportCompareAdd() {
  const { ids, q, chosen, matches, searched } = useLoaderData<typeof loader>();
  const full = ids.length >= MAX_COMPARE;
  const compareSearch = new URLSearchParams(ids.map((id) => ["ids", id]));
  return (
    <section className="space-y-5">
      <NavigationStatus />
      <p className="text-sm">
        {ids.length >= MIN_COMPARE ? (
          <Link to={`/camera2/compare?${compareSearch}`}>
            <ArrowLeftIcon aria-hidden="true" className={inlineIconClass} /> Back to the comparison
          </Link>
        ) : ids.length === 1 ? (
          <Link to={`/camera2/${ids[0]}`}>
            <ArrowLeftIcon aria-hidden="true" className={inlineIconClass} /> Back to the report
          </Link>
        ) : (
          <Link to="/camera2/report_list">
            <ArrowLeftIcon aria-hidden="true" className={inlineIconClass} /> All reports
          </Link>
        )}
      </p>
      <h1 className="page-title">Add a report to the comparison</h1>
      {chosen.length ? (
        <div>
          <h2 className="text-sm font-medium">
            Chosen ({chosen.length} of at most {MAX_COMPARE})
          </h2>
          <ul className="mt-1 list-disc pl-6 text-sm">
            {chosen.map((report) => (
              <li key={report.id}>
                <Link to={`/camera2/${report.id}`}>{deviceOf(report.report_data)}</Link>,{" "}
                {report.report_data.device_os ?? report.device_os_version}, <Time value={report.created_at} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {full ? (
        <p role="status">
          A comparison holds at most {MAX_COMPARE} reports: remove one in the comparison to add another.
        </p>
      ) : (
        <>
          <Form method="get" action="/camera2/compare/add" role="search" aria-label="Find a report" className="card">
            {ids.map((id) => (
              <input key={id} type="hidden" name="ids" value={id} />
            ))}
            <div className="flex flex-wrap items-end gap-2">
              <div className="min-w-0 flex-1 basis-64">
                <label htmlFor="compare-q" className="label">
                  Manufacturer or model
                </label>
                <input
                  id="compare-q"
                  type="search"
                  name="q"
                  defaultValue={q}
                  maxLength={MAX_SEARCH_LENGTH}
                  required
                  placeholder="e.g. pixel 7, samsung"
                  className="input"
                />
              </div>
              <button type="submit" className="btn btn-primary">
                Find reports
              </button>
            </div>
          </Form>
          {searched && matches.length === 0 ? <p>No other report matches “{q}”.</p> : null}
          {matches.length ? (
            <TableWrap label="Matching reports">
              <table className="data-table">
                <caption className="sr-only">Reports matching “{q}”</caption>
                <thead>
                  <tr>
                    <th scope="col">Device</th>
                    <th scope="col">OS</th>
                    <th scope="col">Report time</th>
                    <th scope="col">
                      <span className="sr-only">Add</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {matches.map((report) => (
                    <tr key={report.id}>
                      <td>{deviceOf(report)}</td>
                      <td>{report.os}</td>
                      <td>
                        <Time value={report.created_at} />
                      </td>
                      <td>
                        <Link to={addHref(ids, report.id)} className="whitespace-nowrap">
                          <PlusIcon aria-hidden="true" className={inlineIconClass} /> Add to comparison
                          <span className="sr-only">
                            : {deviceOf(report)}, {report.created_at.slice(0, 10)}
                          </span>
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
          ) : null}
        </>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <CameraErrorView
      error={useRouteError()}
      title="Add a report to the comparison"
      notFound={{ title: "No report data available" }}
      next={{ to: "/camera2/report_list", label: "See all reports" }}
    />
  );
}
