// A row of links above the report list's results: the whole search (every match, not only this page) as a CSV or a
// JSON file. Plain links to files, so they work without JavaScript.
import DownloadIcon from "lucide-react/icons/download";
import {
  cameraReportSearchParams,
  DEFAULT_PAGE_SIZE,
  type CameraReportQuery,
} from "#shared/contract/camera-vocabulary.ts";
import { inlineIconClass } from "../icons";

function exportHref(query: CameraReportQuery, format: "csv" | "json"): string {
  const search = cameraReportSearchParams({ ...query, page: 1, size: DEFAULT_PAGE_SIZE }).toString();
  return `/camera2/report_list/export.${format}${search ? `?${search}` : ""}`;
}

export function ExportLinks({ query, filtered }: { query: CameraReportQuery; filtered: boolean }) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-testid="export-links">
      <span className="text-zinc-700 dark:text-zinc-300">
        {filtered ? "Download every matching report:" : "Download every report:"}
      </span>
      <a href={exportHref(query, "csv")} download type="text/csv">
        <DownloadIcon aria-hidden="true" className={inlineIconClass} /> CSV
      </a>
      <a href={exportHref(query, "json")} download type="application/json">
        <DownloadIcon aria-hidden="true" className={inlineIconClass} /> JSON
      </a>
    </p>
  );
}
