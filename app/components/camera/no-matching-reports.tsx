// Where the report list's results would be when a search matches none: says so and offers to drop each part of the
// search (a plain link to the same search without it), so a visitor need not find what to undo in the form.
import { Link } from "#app/components/link.tsx";
import { EMPTY_CAMERA_REPORT_QUERY, type CameraReportQuery } from "#shared/contract/camera-vocabulary.ts";
import XIcon from "lucide-react/icons/x";
import { inlineIconClass } from "../icons";
import { searchHref, searchParts } from "./search-parts";

export function NoMatchingReports({ query, pathname }: { query: CameraReportQuery; pathname: string }) {
  const link = (without: CameraReportQuery) => searchHref(pathname, without);
  const parts = searchParts(query);
  return (
    <div className="card space-y-3 text-center" data-testid="no-matching-reports">
      <p className="font-medium">No report matches this search.</p>
      {parts.length ? (
        <>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">Remove a part of it:</p>
          <ul className="flex flex-wrap justify-center gap-2">
            {parts.map((part) => (
              <li key={part.label}>
                <Link to={link(part.without)} className="btn" aria-label={`Remove ${part.label}`}>
                  <XIcon aria-hidden="true" className={inlineIconClass} />
                  {part.label}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p className="text-sm">
        <Link to={link({ ...EMPTY_CAMERA_REPORT_QUERY, size: query.size, group: query.group })}>Show all reports</Link>
      </p>
    </div>
  );
}
