// A table that may scroll sideways on a narrow screen: a named region that takes keyboard focus, so the
// scrolling works without a mouse even when the table holds no link or button (axe: scrollable-region-focusable).
import type { ReactNode } from "react";

export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be focusable
    <div className="table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
