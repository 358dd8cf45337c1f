// Previous/next links for a paged list; plain links, so paging works without JavaScript.
import { useLocation } from "react-router";
import { Link } from "#app/components/link.tsx";

export function Pager({
  page,
  pageSize,
  total,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  label: string;
}) {
  const location = useLocation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(location.search);
    if (target <= 1) params.delete("page");
    else params.set("page", String(target));
    const search = params.toString();
    return `${location.pathname}${search ? `?${search}` : ""}`;
  };
  return (
    <nav aria-label={label} className="mt-4 flex items-center gap-3 text-sm">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className="btn" rel="prev">
          Previous
        </Link>
      ) : null}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={hrefFor(page + 1)} className="btn" rel="next">
          Next
        </Link>
      ) : null}
    </nav>
  );
}
