// Where the report list's results would be when a search matches none: says so and offers to drop each part of the
// search (a plain link to the same search without it), so a visitor need not find what to undo in the form.
import { Link } from "react-router";
import type { CameraReportQuery } from "../../../shared/contract/camera-vocabulary";
import { cameraReportSearchParams } from "../../../shared/contract/camera-vocabulary";
import { CAPABILITY_LABELS, facingLabel } from "../../../shared/camera";
import XIcon from "lucide-react/icons/x";
import { inlineIconClass } from "../icons";

type SearchQuery = Pick<CameraReportQuery, "q" | "facing" | "minLevel" | "caps" | "size">;

/** Each part of the search with its label and the search without it. */
function searchParts(query: SearchQuery): { label: string; without: SearchQuery }[] {
  const parts: { label: string; without: SearchQuery }[] = [];
  if (query.q) parts.push({ label: `search “${query.q}”`, without: { ...query, q: "" } });
  if (query.facing) {
    parts.push({ label: `facing ${facingLabel(query.facing)}`, without: { ...query, facing: null } });
  }
  if (query.minLevel) {
    parts.push({ label: `level at least ${query.minLevel}`, without: { ...query, minLevel: null } });
  }
  for (const cap of query.caps) {
    parts.push({
      label: CAPABILITY_LABELS[cap] ?? cap,
      without: { ...query, caps: query.caps.filter((each) => each !== cap) },
    });
  }
  return parts;
}

export function NoMatchingReports({ query, pathname }: { query: SearchQuery; pathname: string }) {
  const link = (without: SearchQuery) => {
    const search = cameraReportSearchParams(without).toString();
    return `${pathname}${search ? `?${search}` : ""}`;
  };
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
        <Link to={link({ q: "", facing: null, minLevel: null, caps: [], size: query.size })}>Show all reports</Link>
      </p>
    </div>
  );
}
