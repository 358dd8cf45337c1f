// The actions cell of an admin list's row (Edit, Delete, ...) and the row being edited, the same on every list.
import type { ReactNode } from "react";
import { type LinkProps } from "react-router";
import { Link } from "#app/components/link.tsx";

/** The last cell of a row: its buttons side by side, never wrapped. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <td className="whitespace-nowrap">
      <span className="flex gap-2">{children}</span>
    </td>
  );
}

/**
 * A row's Edit button: a link to the page with that record in the form. `label` names the record for screen readers.
 */
export function EditLink({
  label,
  open = false,
  ...rest
}: { label: string; /** The record is the one in the editor. */ open?: boolean } & Omit<
  LinkProps,
  "className" | "children" | "aria-label"
>) {
  return (
    <Link
      className={
        open
          ? "btn btn-primary min-h-8 px-2 py-1 text-xs whitespace-nowrap"
          : "btn min-h-8 px-2 py-1 text-xs whitespace-nowrap"
      }
      aria-label={label}
      {...rest}
    >
      Edit
    </Link>
  );
}

/** A list page's URL with ?edit=id: the list with that record in its form; without an id, the list alone. */
export function editUrl(pagePath: string, editId?: string | number | null): string {
  return editId ? `${pagePath}?edit=${encodeURIComponent(String(editId))}` : pagePath;
}

/** The class of a list's row whose record is in the editor. */
export function editedRowClass(edited: boolean): string | undefined {
  return edited ? "bg-blue-50 dark:bg-blue-950" : undefined;
}
