// Statistics of the camera reports at /camera2/stats: hardware levels, capability coverage overall, by Android
// version and by manufacturer, and the megapixel and sensor size distributions. Each chart is SVG drawn on the
// server with a data table beside it; the page ships no JavaScript of its own. Cached for 10 s with ETag/304.
import { createContext, data, useLoaderData, useRouteError, type RouterContextProvider } from "react-router";
import { Link } from "#app/components/link.tsx";
import type { Route } from "./+types/report-stats";
import { renderOnlyData, useRenderOnlyData } from "#app/utils/render-only-data.ts";
import type { ReactNode } from "react";
import type { CameraStats, CameraStatsBin, CameraStatsGroup } from "#shared/contract/camera-stats.ts";
import { FILTER_CAPABILITIES } from "#shared/contract/camera-vocabulary.ts";
import { CAPABILITY_LABELS } from "#shared/camera.ts";
import {
  BarChart,
  GroupedBarChart,
  LineChart,
  percentText,
  type Series,
} from "#app/components/camera/stats-charts.tsx";
import { NavigationStatus } from "#app/components/camera/navigation-status.tsx";
import { CameraErrorView } from "#app/components/camera/camera-error-view.tsx";
import { TableWrap } from "#app/components/table-wrap.tsx";
import { apiRequest, type ApiResult } from "#app/utils/api.server.ts";
import { conditionalPage } from "#app/utils/conditional-get.server.ts";
import { pageMeta } from "#app/utils/meta.ts";

const statsContext = createContext<ApiResult<CameraStats> | null>(null);

function loadStats(context: Readonly<RouterContextProvider>) {
  return apiRequest<CameraStats>(context, "/camera/stats");
}

export const middleware: Route.MiddlewareFunction[] = [
  conditionalPage({
    maxAgeSeconds: 10,
    fingerprint: async ({ context }) => {
      const result = await loadStats(context);
      context.set(statsContext, result);
      return result.ok ? result.headers.get("etag") : null;
    },
  }),
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const result = context.get(statsContext) ?? (await loadStats(context));
  if (!result.ok) throw data(result.error, { status: result.status });
  return { stats: renderOnlyData(request, result.data) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Camera report statistics",
    description:
      "What Android cameras can do, counted over every report: hardware levels, capabilities by Android version " +
      "and manufacturer, megapixels and sensor sizes.",
    canonicalPath: "/camera2/stats",
  });

const count = (value: number) => value.toLocaleString("en-US");
const share = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

/** The capabilities charted per Android version and manufacturer: the ones the report list filters on. */
const CHARTED_CAPABILITIES = FILTER_CAPABILITIES.map((capability) => ({
  capability,
  label: CAPABILITY_LABELS[capability] ?? capability,
}));

function seriesOf(groups: CameraStatsGroup[]): Series[] {
  return CHARTED_CAPABILITIES.map(({ capability, label }) => ({
    name: label,
    values: groups.map((group) => (group.reports ? share(group.capabilities[capability] ?? 0, group.reports) : null)),
  }));
}

/** A chart and its data table, side by side where there is room. */
function StatsSection({
  id,
  title,
  intro,
  chart,
  table,
}: {
  id: string;
  title: string;
  intro: string;
  chart: ReactNode;
  table: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{intro}</p>
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <div>{chart}</div>
        {table}
      </div>
    </section>
  );
}

/** Rows of label, reports and share: the data of a bar chart. */
function CountTable({
  caption,
  heading,
  rows,
  whole,
}: {
  caption: string;
  heading: string;
  rows: { label: string; reports: number }[];
  whole: number;
}) {
  return (
    <TableWrap label={caption}>
      <table className="data-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{heading}</th>
            <th scope="col" className="text-right">
              Reports
            </th>
            <th scope="col" className="text-right">
              Share
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row" className="font-normal">
                {row.label}
              </th>
              <td className="text-right tabular-nums">{count(row.reports)}</td>
              <td className="text-right tabular-nums">{percentText(share(row.reports, whole))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

/** Per group, its reports and the share with each charted capability: the data of a per-group chart. */
function CoverageTable({ caption, heading, groups }: { caption: string; heading: string; groups: CameraStatsGroup[] }) {
  return (
    <TableWrap label={caption}>
      <table className="data-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{heading}</th>
            <th scope="col" className="text-right">
              Reports
            </th>
            {CHARTED_CAPABILITIES.map(({ capability, label }) => (
              <th key={capability} scope="col" className="text-right">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {groups.map((group) => (
            <tr key={group.name}>
              <th scope="row" className="font-normal">
                {group.name}
              </th>
              <td className="text-right tabular-nums">{count(group.reports)}</td>
              {CHARTED_CAPABILITIES.map(({ capability }) => (
                <td key={capability} className="text-right tabular-nums">
                  {percentText(share(group.capabilities[capability] ?? 0, group.reports))}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

function binRows(bins: CameraStatsBin[]) {
  return bins.map((bin) => ({ label: bin.label, reports: bin.reports }));
}

function barRows(rows: { label: string; reports: number }[], whole: number) {
  return rows.map((row) => ({
    label: row.label,
    value: row.reports,
    valueText: `${count(row.reports)} (${percentText(share(row.reports, whole))})`,
  }));
}

function DistributionSection({
  id,
  title,
  intro,
  heading,
  bins,
}: {
  id: string;
  title: string;
  intro: string;
  heading: string;
  bins: CameraStatsBin[];
}) {
  const rows = binRows(bins);
  const whole = rows.reduce((sum, row) => sum + row.reports, 0);
  return (
    <StatsSection
      id={id}
      title={title}
      intro={`${intro} ${count(whole)} reports say.`}
      chart={
        <BarChart
          id={`${id}-chart`}
          title={title}
          description={
            `Bar chart: reports by ${heading.toLowerCase()}, of ${count(whole)} reports. ` +
            "The table beside it has the figures."
          }
          rows={barRows(rows, whole)}
        />
      }
      table={<CountTable caption={`${title}: reports`} heading={heading} rows={rows} whole={whole} />}
    />
  );
}

/** The charted capabilities' shares per group (Android versions as a line chart, manufacturers as bars). */
function CoverageSection({
  id,
  title,
  intro,
  heading,
  groupName,
  order,
  groups,
  chart,
}: {
  id: string;
  title: string;
  intro: string;
  heading: string;
  groupName: string;
  order: string;
  groups: CameraStatsGroup[];
  chart: "line" | "bars";
}) {
  const names = groups.map((group) => group.name);
  const description =
    `${chart === "line" ? "Line" : "Bar"} chart: per ${groupName}, ${order}, the share of reports with each of ` +
    `${CHARTED_CAPABILITIES.map(({ label }) => label).join(", ")}. The table beside it has the figures.`;
  const chartProps = { id: `${id}-chart`, title, description, series: seriesOf(groups) };
  return (
    <StatsSection
      id={id}
      title={title}
      intro={intro}
      chart={
        chart === "line" ? (
          <LineChart {...chartProps} categories={names} />
        ) : (
          <GroupedBarChart {...chartProps} groups={names} />
        )
      }
      table={
        <CoverageTable
          caption={`Share of reports with each capability, by ${groupName}`}
          heading={heading}
          groups={groups}
        />
      }
    />
  );
}

export default function ReportStats() {
  const stats = useRenderOnlyData(useLoaderData<typeof loader>().stats);
  const levelRows = stats.hardware_levels.map((entry) => ({
    label: entry.level ?? "None given",
    reports: entry.reports,
  }));
  const capabilityRows = stats.capabilities.map((entry) => ({ label: entry.capability, reports: entry.reports }));
  return (
    <div className="space-y-8">
      <NavigationStatus />
      <div className="space-y-2">
        <h1 className="page-title mb-1">Camera report statistics</h1>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {stats.total === 0
            ? "No reports yet."
            : `Counted over all ${count(stats.total)} reports from ${count(stats.manufacturers)} manufacturers, ` +
              "up to date within seconds of an upload."}{" "}
          <Link to="/camera2/report_list">Browse the reports</Link>
        </p>
      </div>

      <StatsSection
        id="levels"
        title="Hardware levels"
        intro="Each report by the best hardware level among its cameras, lowest first."
        chart={
          <BarChart
            id="levels-chart"
            title="Hardware levels"
            description="Bar chart: reports by best hardware level. The table beside it has the figures."
            rows={barRows(levelRows, stats.total)}
          />
        }
        table={<CountTable caption="Reports by hardware level" heading="Level" rows={levelRows} whole={stats.total} />}
      />

      <StatsSection
        id="capabilities"
        title="Capabilities"
        intro="The share of reports with a camera that has each capability."
        chart={
          <BarChart
            id="capabilities-chart"
            title="Capability coverage"
            description="Bar chart: the share of reports with each capability. The table beside it has the figures."
            rows={barRows(capabilityRows, stats.total)}
            max={Math.max(1, stats.total)}
          />
        }
        table={
          <CountTable
            caption="Reports with each capability"
            heading="Capability"
            rows={capabilityRows}
            whole={stats.total}
          />
        }
      />

      <CoverageSection
        id="android"
        title="Capabilities by Android version"
        intro="The share of each Android version's reports with a camera that has the capability."
        heading="Android"
        groupName="Android version"
        order="oldest first"
        groups={stats.by_android}
        chart="line"
      />

      <CoverageSection
        id="manufacturers"
        title="Capabilities by manufacturer"
        intro={
          `The ${stats.by_manufacturer.length} manufacturers with the most reports, and the share of their reports ` +
          "with each capability."
        }
        heading="Manufacturer"
        groupName="manufacturer"
        order="most reports first"
        groups={stats.by_manufacturer}
        chart="bars"
      />

      <DistributionSection
        id="megapixels"
        title="Megapixels"
        intro="Each report by the most megapixels of any of its cameras."
        heading="Megapixels"
        bins={stats.megapixels}
      />

      <DistributionSection
        id="sensors"
        title="Sensor sizes"
        intro={'Each report by its largest sensor, in the sensor types phones are sold by (1/2", 1" and so on).'}
        heading="Sensor type"
        bins={stats.sensor_sizes}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <CameraErrorView error={useRouteError()} title="Camera report statistics" next={{ to: ".", label: "Try again" }} />
  );
}
