// The row of links above the report list: one row per report or per model, and how many a page shows. Links, not
// a form, so each is one click without JavaScript; the statistics and export links join this row.
import type { ReactNode } from "react";
import { Link } from "#app/components/link.tsx";
import { PAGE_SIZES, type CameraReportQuery } from "#shared/contract/camera-vocabulary.ts";
import { searchHref } from "./search-parts";

function OptionLink({ to, current, children }: { to: string; current: boolean; children: ReactNode }) {
  return current ? (
    <span aria-current="true" className="font-semibold">
      {children}
    </span>
  ) : (
    <Link to={to}>{children}</Link>
  );
}

export function ListOptions({
  query,
  pathname,
  children,
}: {
  query: CameraReportQuery;
  pathname: string;
  /** More links of the row (statistics, exports). */
  children?: ReactNode;
}) {
  return (
    <nav aria-label="List options" className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
      <span className="inline-flex flex-wrap gap-x-2">
        <span className="text-zinc-600 dark:text-zinc-400">Rows:</span>
        <OptionLink to={searchHref(pathname, { ...query, group: null, page: 1 })} current={query.group === null}>
          one per report
        </OptionLink>
        <OptionLink to={searchHref(pathname, { ...query, group: "model", page: 1 })} current={query.group === "model"}>
          one per model
        </OptionLink>
      </span>
      <span className="inline-flex flex-wrap gap-x-2">
        <span className="text-zinc-600 dark:text-zinc-400">Per page:</span>
        {PAGE_SIZES.map((size) => (
          <OptionLink key={size} to={searchHref(pathname, { ...query, size, page: 1 })} current={query.size === size}>
            <span className="sr-only">Show </span>
            {size}
            <span className="sr-only"> a page</span>
          </OptionLink>
        ))}
      </span>
      {children}
    </nav>
  );
}
