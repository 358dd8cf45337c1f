// A wide table's scrolling box. On a narrow screen the table scrolls inside it, not the page; a keyboard user
// reaches the box with Tab and scrolls it with the arrow keys, and a screen reader announces it by its label.
import type { ReactNode } from "react";

export function TableWrap({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={className ? `table-wrap ${className}` : "table-wrap"}>
      {children}
    </div>
  );
}
