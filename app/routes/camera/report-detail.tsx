// One camera report, at /camera2/{id} and /cam2/{id}: the summary (link, time, device,
// OS, camera count, Download, a note, the JSON), then a readable table and card per camera. A report never changes,
// so the page is cached for about 24 minutes with ETag/304.
import { createContext, data, Form, useLoaderData, useRouteError, type RouterContextProvider } from "react-router";
import { Link } from "#app/components/link.tsx";
import type { Route } from "./+types/report-detail";
import { CameraCard, CamerasOverview } from "#app/components/camera/camera-details.tsx";
import { LevelBadge } from "#app/components/camera/level-badge.tsx";
import { NavigationStatus } from "#app/components/camera/navigation-status.tsx";
import { CopyLinkButton } from "#app/components/copy-link-button.tsx";
import { CameraErrorView } from "#app/components/camera/camera-error-view.tsx";
import ArrowLeftIcon from "lucide-react/icons/arrow-left";
import { inlineIconClass } from "#app/components/icons.ts";
import { Time } from "#app/components/time.tsx";
import type { CameraReportDetail } from "#shared/contract/camera.ts";
import { MAX_SEARCH_LENGTH } from "#shared/contract/camera-vocabulary.ts";
import { apiRequest, type ApiResult } from "#app/utils/api.server.ts";
import { bestHardwareLevel, facingLabel, reportFacings } from "#shared/camera.ts";
import { conditionalPage } from "#app/utils/conditional-get.server.ts";
import { memberNode } from "#shared/stored-json.ts";
import { printJson } from "#shared/tools/json/format.ts";
import { parseJson } from "#shared/tools/json/parse.ts";
import { renderOnlyData, useRenderOnlyData } from "#app/utils/render-only-data.ts";

const NO_REPORT = "No report data available";
const detailContext = createContext<ApiResult<CameraReportDetail> | null>(null);

function loadReport(reportId: string | undefined, context: Readonly<RouterContextProvider>) {
  return apiRequest<CameraReportDetail>(context, `/camera/reports/${encodeURIComponent(reportId ?? "")}`);
}

export const middleware: Route.MiddlewareFunction[] = [
  conditionalPage({
    maxAgeSeconds: 24 * 60,
    fingerprint: async ({ params, context }) => {
      const result = await loadReport(params.reportId, context);
      context.set(detailContext, result);
      return result.ok ? result.headers.get("etag") : null;
    },
  }),
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const result = context.get(detailContext) ?? (await loadReport(params.reportId, context));
  if (!result.ok)
    throw data(result.status === 404 ? { ...result.error, detail: NO_REPORT } : result.error, {
      status: result.status,
    });
  const { manufacturer, device_model, device_os } = result.data.report_data;
  return {
    loaded: renderOnlyData(request, { report: result.data, json: reportJsonOf(result.data, result.text ?? "") }),
    device: [manufacturer, device_model].filter(Boolean).join(" "),
    deviceOs: device_os ?? "",
    permalink: `/cam2/${result.data.id}`,
  };
}

/**
 * The printed JSON of each report answer the API client keeps (app/utils/api-answers.server.ts), which gives every
 * page the same value while the report is unchanged, so it is printed once (docs/decisions/0014).
 */
const printedReports = new WeakMap<object, string>();

/**
 * The report's JSON for the page, indented, its numbers, strings and key order as uploaded (`report` holds values
 * JavaScript read, which may have lost digits); the download is the uploaded file itself.
 */
function reportJsonOf(report: object, answerText: string): string {
  const printed = printedReports.get(report);
  if (printed !== undefined) return printed;
  const parsed = parseJson(answerText);
  const body = parsed.ok ? memberNode(parsed.root, "report_data") : undefined;
  const json = body === undefined ? "" : printJson(body, { indent: "2", sortKeys: false }).text;
  printedReports.set(report, json);
  return json;
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: NO_REPORT }];
  const { device, deviceOs } = loaderData;
  return [
    { title: `${device} camera report` },
    {
      name: "description",
      content:
        `What the cameras of the ${device} (${deviceOs}) can do: ` +
        `hardware levels, sensors, lenses and capabilities.`,
    },
  ];
};

export default function ReportDetail() {
  const loaderData = useLoaderData<typeof loader>();
  const { permalink } = loaderData;
  const { report, json } = useRenderOnlyData(loaderData.loaded);
  const data = report.report_data;
  const device = loaderData.device || "Unknown device";
  const cameras = Array.isArray(data.camera_list) ? data.camera_list : [];
  const facings = reportFacings(cameras);
  return (
    <article className="space-y-6">
      <NavigationStatus />
      <header className="space-y-2">
        <p className="text-sm">
          <Link to="/camera2/report_list">
            <ArrowLeftIcon aria-hidden="true" className={inlineIconClass} /> All reports
          </Link>
        </p>
        <h1 className="page-title mb-0">{device}</h1>
      </header>

      <section aria-labelledby="summary-title" className="card">
        <h2 id="summary-title" className="sr-only">
          Summary
        </h2>
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
          <Summary label="Link">
            <span className="flex flex-wrap items-center gap-2">
              <a href={permalink} className="font-mono text-xs break-all">
                {permalink}
              </a>
              <CopyLinkButton path={permalink} />
            </span>
          </Summary>
          <Summary label="Report time">
            <Time value={report.created_at} />
          </Summary>
          <Summary label="Manufacturer">{data.manufacturer ?? "—"}</Summary>
          <Summary label="Device model">{data.device_model ?? "—"}</Summary>
          <Summary label="OS version">
            {data.device_os?.includes(report.device_os_version) ? (
              data.device_os
            ) : (
              <>
                {report.device_os_version}
                {data.device_os ? <span className="text-zinc-600 dark:text-zinc-400"> ({data.device_os})</span> : null}
              </>
            )}
          </Summary>
          <Summary label="Camera count">
            {cameras.length}
            {facings.length ? (
              <span className="text-zinc-600 dark:text-zinc-400">
                {" "}
                ({facings.map(facingLabel).join(", ").toLowerCase()})
              </span>
            ) : null}
          </Summary>
          <Summary label="Best hardware level">
            <LevelBadge level={bestHardwareLevel(cameras)} />
          </Summary>
          {typeof data.app_version === "string" ? (
            <Summary label="Probe app version">{data.app_version}</Summary>
          ) : null}
        </dl>
        <div className="mt-4 flex flex-wrap items-end justify-between gap-3">
          <a href={`/api/camera2/report/download?rid=${report.id}`} className="btn btn-primary" download>
            Download
          </a>
          <CompareWithForm reportId={report.id} />
        </div>
      </section>

      <p
        className={
          "rounded-md border-l-4 border-amber-400 bg-amber-50 p-3 text-sm text-amber-950 " +
          "dark:border-amber-600 dark:bg-amber-950 dark:text-amber-100"
        }
      >
        These are the values the camera probe app could read through Android&apos;s Camera2 API on this device and OS
        version. Devices often hide some cameras from apps, physical cameras behind a logical one may only be usable
        through it, and firmware updates change what a device reports: another report of the same model may differ.
      </p>

      {cameras.length ? (
        <section aria-labelledby="cameras-title" className="space-y-4">
          <h2 id="cameras-title" className="text-xl font-semibold">
            Cameras
          </h2>
          <CamerasOverview cameras={cameras} />
          <div className="grid gap-4 lg:grid-cols-2">
            {cameras.map((camera) => (
              <CameraCard key={camera.camera_id} camera={camera} />
            ))}
          </div>
        </section>
      ) : (
        <p>The probe app saw no camera on this device.</p>
      )}

      <section aria-labelledby="json-title" className="space-y-2">
        <h2 id="json-title" className="text-xl font-semibold">
          Report JSON
        </h2>
        <pre
          tabIndex={0}
          aria-labelledby="json-title"
          className={
            "max-h-[32rem] overflow-auto rounded-lg border border-zinc-200 bg-zinc-50 " +
            "p-3 font-mono text-xs dark:border-zinc-800 dark:bg-zinc-900"
          }
        >
          {json}
        </pre>
      </section>
    </article>
  );
}

/** "Compare with…": a search for the other report, answered by the page that adds it to a comparison. */
function CompareWithForm({ reportId }: { reportId: string }) {
  return (
    <Form
      method="get"
      action="/camera2/compare/add"
      role="search"
      aria-label="Compare with another report"
      className="flex flex-wrap items-end gap-2"
    >
      <input type="hidden" name="ids" value={reportId} />
      <div>
        <label htmlFor="compare-with-q" className="label">
          Compare with…
        </label>
        <input
          id="compare-with-q"
          type="search"
          name="q"
          required
          maxLength={MAX_SEARCH_LENGTH}
          placeholder="Manufacturer or model"
          className="input w-56"
        />
      </div>
      <button type="submit" className="btn">
        Find reports
      </button>
    </Form>
  );
}

function Summary({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-zinc-600 uppercase dark:text-zinc-400">{label}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <CameraErrorView
      error={useRouteError()}
      title="Camera report"
      notFound={{ title: NO_REPORT, message: "There is no report with this id. It may have been mistyped." }}
      next={{ to: "/camera2/report_list", label: "See all reports" }}
    />
  );
}
