// The filters of a search as chips above the results, each a link to the same search without it, so a filter is
// removed with one click and without JavaScript.
import { Link } from "#app/components/link.tsx";
import XIcon from "lucide-react/icons/x";
import type { CameraReportQuery } from "#shared/contract/camera-vocabulary.ts";
import { inlineIconClass } from "../icons";
import { searchHref, searchParts } from "./search-parts";

const CHIP_LINK =
  "inline-flex min-h-9 items-center gap-1 rounded-full border border-zinc-300 px-3 text-sm hover:bg-zinc-100 " +
  "dark:border-zinc-600 dark:hover:bg-zinc-800";

export function ActiveFilters({ query, pathname }: { query: CameraReportQuery; pathname: string }) {
  const parts = searchParts(query);
  if (!parts.length) return null;
  return (
    <ul aria-label="Active filters" className="flex flex-wrap items-center gap-2" data-testid="active-filters">
      {parts.map((part) => (
        <li key={part.label}>
          {/* Named by its text, not an aria-label, so the filter's own checkbox keeps its label to itself. */}
          <Link to={searchHref(pathname, part.without)} className={CHIP_LINK}>
            <span className="sr-only">Remove </span>
            {part.label}
            <XIcon aria-hidden="true" className={inlineIconClass} />
          </Link>
        </li>
      ))}
    </ul>
  );
}
