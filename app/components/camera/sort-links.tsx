// Column headers that sort the report list: plain links to the same search in another order, so sorting works
// without JavaScript and a sorted list can be shared. The header of the sorted column says so (aria-sort).
import { Link } from "#app/components/link.tsx";
import ArrowDownIcon from "lucide-react/icons/arrow-down";
import ArrowUpIcon from "lucide-react/icons/arrow-up";
import type { ReactNode } from "react";
import {
  DEFAULT_SORT_DIRECTIONS,
  type CameraReportQuery,
  type ReportSort,
} from "#shared/contract/camera-vocabulary.ts";
import { inlineIconClass } from "../icons";
import { searchHref } from "./search-parts";

const DIRECTION_WORDS = { asc: "ascending", desc: "descending" } as const;

/** A link that sorts by the column: its usual direction first, the other one when it is sorted already. */
export function SortLink({
  query,
  pathname,
  sort,
  children,
}: {
  query: CameraReportQuery;
  pathname: string;
  sort: ReportSort;
  children: ReactNode;
}) {
  const active = query.sort === sort;
  const dir = active ? (query.dir === "asc" ? "desc" : "asc") : DEFAULT_SORT_DIRECTIONS[sort];
  const Icon = query.dir === "asc" ? ArrowUpIcon : ArrowDownIcon;
  return (
    <Link
      to={searchHref(pathname, { ...query, sort, dir, page: 1 })}
      className="inline-flex items-center gap-1 whitespace-nowrap"
      title={`Sort ${DIRECTION_WORDS[dir]}`}
      data-sort={sort}
    >
      {children}
      {active ? <Icon aria-hidden="true" className={inlineIconClass} /> : null}
    </Link>
  );
}

/** aria-sort of a header that sorts by these columns. */
export function ariaSort(query: CameraReportQuery, sorts: ReportSort[]): "ascending" | "descending" | undefined {
  return sorts.includes(query.sort) ? DIRECTION_WORDS[query.dir] : undefined;
}
