// The report list's table (number, device linking to the report, OS and version, report time), with a
// checkbox per row for comparing. The checkboxes belong to the compare form by their form attribute, so picking
// reports and pressing Compare works without JavaScript. On a phone each row is a card of labelled lines
// (stack-table in app.css), so no column is cut off. The cells carry no classes or labels of their own: the table's
// report-table class styles and labels them by column (app.css), which keeps a 100-row page small to render.
import { useState } from "react";
import { Form } from "react-router";
import { Link } from "#app/components/link.tsx";
import type { CameraReportSummary } from "#shared/contract/camera.ts";
import { MAX_COMPARE, MIN_COMPARE, type CameraReportQuery } from "#shared/contract/camera-vocabulary.ts";
import { COMPARE_FORM, COMPARE_STATUS } from "#app/enhance/markup.ts";
import { useHydrated } from "#app/utils/hydrated.ts";
import { Time } from "../time";
import { TableWrap } from "../table-wrap";
import { LevelBadge } from "./level-badge";
import { ariaSort, SortLink } from "./sort-links";

const SORT_NAMES = {
  uploaded: "report time",
  device: "model",
  manufacturer: "manufacturer",
  cameras: "number of cameras",
  level: "best hardware level",
  android: "Android version",
} as const;

const COMPARE_FORM_ID = "compare-reports";

export function ReportTable({
  reports,
  firstNumber,
  query,
  pathname,
}: {
  reports: CameraReportSummary[];
  firstNumber: number;
  query: CameraReportQuery;
  pathname: string;
}) {
  const sortLink = { query, pathname };
  const hydrated = useHydrated();
  const [selected, setSelected] = useState(0);
  const countSelected = () => setSelected(document.querySelectorAll(`input[form="${COMPARE_FORM_ID}"]:checked`).length);
  const ready = selected >= MIN_COMPARE && selected <= MAX_COMPARE;
  return (
    <div className="space-y-3">
      <TableWrap label="Camera reports">
        <table className="data-table stack-table report-rows report-table">
          <caption className="sr-only">
            {query.sort === "uploaded" && query.dir === "desc"
              ? "Camera reports, newest first"
              : `Camera reports by ${SORT_NAMES[query.sort]}, ${query.dir === "asc" ? "ascending" : "descending"}`}
          </caption>
          <thead>
            <tr>
              <th scope="col" className="w-10">
                <span className="sr-only">Compare</span>
              </th>
              <th scope="col" className="w-14 text-right">
                #
              </th>
              <th scope="col" aria-sort={ariaSort(query, ["manufacturer", "device"])}>
                <span className="inline-flex flex-wrap gap-x-2">
                  <span>Device:</span>
                  <SortLink {...sortLink} sort="manufacturer">
                    Manufacturer
                  </SortLink>
                  <SortLink {...sortLink} sort="device">
                    Model
                  </SortLink>
                </span>
              </th>
              <th scope="col" aria-sort={ariaSort(query, ["cameras", "level"])}>
                <span className="inline-flex flex-wrap gap-x-2">
                  <SortLink {...sortLink} sort="cameras">
                    Cameras
                  </SortLink>
                  <SortLink {...sortLink} sort="level">
                    Best level
                  </SortLink>
                </span>
              </th>
              <th scope="col" aria-sort={ariaSort(query, ["android"])}>
                <SortLink {...sortLink} sort="android">
                  OS and version
                </SortLink>
              </th>
              <th scope="col" aria-sort={ariaSort(query, ["uploaded"])}>
                <SortLink {...sortLink} sort="uploaded">
                  Report time
                </SortLink>
              </th>
            </tr>
          </thead>
          <tbody>
            {reports.map((report, index) => (
              <tr key={report.id}>
                <td>
                  <input
                    type="checkbox"
                    name="ids"
                    value={report.id}
                    form={COMPARE_FORM_ID}
                    onChange={countSelected}
                    aria-label={`Compare ${report.manufacturer} ${report.device_model}`}
                  />
                </td>
                <td>{firstNumber + index}</td>
                <td>
                  <Link to={`/camera2/${report.id}`}>
                    <span>{report.manufacturer}</span>
                    {` ${report.device_model}`}
                  </Link>
                </td>
                <td>
                  {`${report.camera_count} `}
                  <LevelBadge level={report.best_level} />
                </td>
                <td>
                  {report.os}
                  {report.os_ver && !report.os.includes(report.os_ver) ? (
                    <span className="os-version">{` · ${report.os_ver}`}</span>
                  ) : null}
                </td>
                <td>
                  <Time value={report.created_at} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
      <Form
        id={COMPARE_FORM_ID}
        method="get"
        action="/camera2/compare"
        className="flex flex-wrap items-center gap-3"
        {...{ [COMPARE_FORM]: "" }}
      >
        <button type="submit" className="btn" disabled={hydrated && !ready}>
          Compare selected
        </button>
        <span className="text-sm text-zinc-600 dark:text-zinc-400" aria-live="polite" {...{ [COMPARE_STATUS]: "" }}>
          {hydrated
            ? `${selected} selected; pick ${MIN_COMPARE} to ${MAX_COMPARE}.`
            : `Tick ${MIN_COMPARE} to ${MAX_COMPARE} reports to compare them side by side.`}
        </span>
      </Form>
    </div>
  );
}
