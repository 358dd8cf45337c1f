// Compare 2 to 4 camera reports side by side (/camera2/compare?ids=a&ids=b or ?ids=a,b): the device, its best
// levels and capabilities, and the main back and front cameras' headline figures, one column per report.
import type { ReactNode } from "react";
import {
  createContext,
  data,
  isRouteErrorResponse,
  Link,
  useLoaderData,
  useRouteError,
  type RouterContextProvider,
} from "react-router";
import type { Route } from "./+types/report-compare";
import type { CameraReportDetail } from "../../../shared/contract/camera";
import { LevelBadge } from "~/components/camera/level-badge";
import { NavigationStatus } from "~/components/camera/navigation-status";
import { errorMessageOf } from "~/components/error-views";
import ArrowLeftIcon from "lucide-react/icons/arrow-left";
import { inlineIconClass } from "~/components/icons";
import { TableWrap } from "~/components/table-wrap";
import { Time } from "~/components/time";
import { CompareQuerySchema, type CameraItem } from "../../../shared/contract/camera";
import { FILTER_CAPABILITIES, MAX_COMPARE, MIN_COMPARE } from "../../../shared/contract/camera-vocabulary";
import { apiRequest, type ApiResult } from "~/utils/api.server";
import {
  bestHardwareLevel,
  CAPABILITY_LABELS,
  cameraFigures,
  facingLabel,
  formatExposureNs,
  formatNumber,
  formatRange,
  mainCamera,
  maxFps,
  maxHighSpeedFps,
  reportCapabilities,
} from "../../../shared/camera";
import { conditionalPage } from "~/utils/conditional-get.server";

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
  if (!loaded.ids) return data({ reports: [], message: loaded.message }, { status: 400 });
  const reports: CameraReportDetail[] = [];
  for (const [index, result] of loaded.results.entries()) {
    if (!result.ok) {
      const detail = result.status === 404 ? `No report data available for ${loaded.ids[index]}` : result.error.detail;
      throw data({ ...result.error, detail }, { status: result.status });
    }
    reports.push(result.data);
  }
  return { reports, message: null };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const names = (loaderData?.reports ?? []).map((report) => report.report_data.device_model).filter(Boolean);
  return [{ title: names.length ? `Compare ${names.join(" vs ")}` : "Compare camera reports" }];
};

interface Column {
  report: CameraReportDetail;
  cameras: CameraItem[];
  back: CameraItem | null;
  front: CameraItem | null;
  capabilities: string[];
}

type RowDef = { label: string; value: (column: Column) => ReactNode };

const DASH = "—";

function mp(camera: CameraItem | null): string {
  const value = camera ? cameraFigures(camera).megapixels : null;
  return value === null ? DASH : `${formatNumber(value, value < 10 ? 1 : 0)} MP`;
}

function equivalent(camera: CameraItem | null): string {
  const first = camera ? cameraFigures(camera).focalLengths[0] : undefined;
  if (!first) return DASH;
  const equivalentText = first.equivalentMm ? ` (≈ ${formatNumber(first.equivalentMm, 0)} mm)` : "";
  return `${formatNumber(first.mm, 2)} mm${equivalentText}`;
}

function aperture(camera: CameraItem | null): string {
  const values = camera?.lens?.apertures ?? [];
  return values.length ? values.map((f) => `f/${formatNumber(f, 2)}`).join(", ") : DASH;
}

function sensor(camera: CameraItem | null): string {
  const figures = camera ? cameraFigures(camera) : null;
  if (!figures?.opticalFormat) return DASH;
  const pitchText = figures.pixelPitchUm ? `, ${formatNumber(figures.pixelPitchUm, 2)} µm pixels` : "";
  return `${figures.opticalFormat}${pitchText}`;
}

function yesNo(value: boolean | null | undefined): string {
  return value === true ? "Yes" : value === false ? "No" : DASH;
}

const SECTIONS: { title: string; rows: RowDef[] }[] = [
  {
    title: "Device",
    rows: [
      { label: "OS", value: ({ report }) => report.report_data.device_os ?? report.device_os_version },
      { label: "Report time", value: ({ report }) => <Time value={report.created_at} /> },
      {
        label: "Cameras",
        value: ({ cameras }) => {
          const byFacing = new Map<string, number>();
          for (const camera of cameras) byFacing.set(camera.lens_facing, (byFacing.get(camera.lens_facing) ?? 0) + 1);
          const parts = [...byFacing].map(([facing, count]) => `${count} ${facingLabel(facing).toLowerCase()}`);
          return `${cameras.length}${parts.length ? ` (${parts.join(", ")})` : ""}`;
        },
      },
      { label: "Best hardware level", value: ({ cameras }) => <LevelBadge level={bestHardwareLevel(cameras)} /> },
      ...FILTER_CAPABILITIES.map((cap) => ({
        label: CAPABILITY_LABELS[cap] ?? cap,
        value: ({ capabilities }: Column) => (capabilities.includes(cap) ? "Yes" : "No"),
      })),
    ],
  },
  {
    title: "Main back camera",
    rows: [
      { label: "Hardware level", value: ({ back }) => <LevelBadge level={back?.hardware_level} /> },
      { label: "Resolution", value: ({ back }) => mp(back) },
      { label: "Sensor", value: ({ back }) => sensor(back) },
      { label: "Focal length (35 mm equiv.)", value: ({ back }) => equivalent(back) },
      { label: "Aperture", value: ({ back }) => aperture(back) },
      {
        label: "ISO range",
        value: ({ back }) => formatRange(back?.sensor?.iso_range, (n) => formatNumber(n, 0)) ?? DASH,
      },
      {
        label: "Exposure time",
        value: ({ back }) => formatRange(back?.sensor?.exposure_time_ns, formatExposureNs) ?? DASH,
      },
      {
        label: "Optical stabilization",
        value: ({ back }) => yesNo(back?.lens?.ois_modes ? back.lens.ois_modes.includes("ON") : null),
      },
      { label: "Flash", value: ({ back }) => yesNo(back?.flash_available) },
      {
        label: "Zoom ratio",
        value: ({ back }) => formatRange(back?.zoom_ratio_range, (n) => `${formatNumber(n, 2)}×`) ?? DASH,
      },
      { label: "Highest frame rate", value: ({ back }) => (back && maxFps(back) ? `${maxFps(back)} fps` : DASH) },
      {
        label: "High-speed video",
        value: ({ back }) => (back && maxHighSpeedFps(back) ? `${maxHighSpeedFps(back)} fps` : DASH),
      },
    ],
  },
  {
    title: "Main front camera",
    rows: [
      { label: "Hardware level", value: ({ front }) => <LevelBadge level={front?.hardware_level} /> },
      { label: "Resolution", value: ({ front }) => mp(front) },
      { label: "Sensor", value: ({ front }) => sensor(front) },
      { label: "Focal length (35 mm equiv.)", value: ({ front }) => equivalent(front) },
      { label: "Aperture", value: ({ front }) => aperture(front) },
    ],
  },
];

export default function ReportCompare() {
  const { reports, message } = useLoaderData<typeof loader>();
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
          selected.
        </p>
      </section>
    );
  }
  const columns: Column[] = reports.map((report) => {
    const cameras = Array.isArray(report.report_data.camera_list) ? report.report_data.camera_list : [];
    return {
      report,
      cameras,
      back: mainCamera(cameras, "BACK"),
      front: mainCamera(cameras, "FRONT"),
      capabilities: reportCapabilities(cameras),
    };
  });
  const ids = reports.map((report) => report.id);
  return (
    <section className="space-y-4">
      <NavigationStatus />
      <p className="text-sm">
        <Link to="/camera2/report_list">
          <ArrowLeftIcon aria-hidden="true" className={inlineIconClass} /> All reports
        </Link>
      </p>
      <h1 className="page-title">Compare {reports.length} camera reports</h1>
      <TableWrap label="Comparison">
        <table className="data-table">
          <caption className="sr-only">Reports side by side</caption>
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
                        to={`/camera2/compare?${ids
                          .filter((id) => id !== report.id)
                          .map((id) => `ids=${id}`)
                          .join("&")}`}
                      >
                        Remove
                      </Link>
                    </div>
                  ) : null}
                </th>
              ))}
            </tr>
          </thead>
          {SECTIONS.map((section) => (
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
              {section.rows.map((row) => (
                <tr key={row.label}>
                  <th scope="row" className="bg-transparent font-medium whitespace-nowrap">
                    {row.label}
                  </th>
                  {columns.map((column) => (
                    <td key={column.report.id}>{row.value(column)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </TableWrap>
    </section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="space-y-3">
      <h1 className="page-title">{notFound ? "No report data available" : "Compare camera reports"}</h1>
      <p role="alert" className={notFound ? undefined : "text-red-700 dark:text-red-400"}>
        {notFound ? errorMessageOf(error) : `Error ${errorMessageOf(error)}`}
      </p>
      <p>
        <Link to="/camera2/report_list">See all reports</Link>
      </p>
    </section>
  );
}
