// The trail above a tool's title, back to the list of tools.
import { Link } from "react-router";
import { TOOLS_INDEX_PATH } from "~/tools/catalog";

export function ToolsBreadcrumb({ current }: { current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-1 text-sm">
      <ol className="flex flex-wrap gap-1 text-zinc-600 dark:text-zinc-400">
        <li>
          <Link to={TOOLS_INDEX_PATH}>Developer tools</Link>
          <span aria-hidden="true"> ›</span>
        </li>
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
