// A one-button form for a row action of the people pages (single click, no confirmation, clicks
// ignored while in flight). A plain form post without JavaScript; with it, a fetcher shared by the page
// under `fetcherKey`, so the page can show the latest answer (an error in red above the table).
import type { ReactNode } from "react";
import { useFetcher } from "react-router";

export function ActionButton({
  fetcherKey,
  intent,
  fields,
  children,
  pendingLabel,
  variant = "default",
  accessibleLabel,
}: {
  fetcherKey: string;
  intent: string;
  fields: Record<string, string>;
  children: ReactNode;
  pendingLabel: string;
  variant?: "default" | "danger" | "primary";
  accessibleLabel?: string;
}) {
  const fetcher = useFetcher({ key: fetcherKey });
  // The shared fetcher is busy for any row; only the row that submitted shows the pending label.
  const mine =
    fetcher.state !== "idle" &&
    fetcher.formData?.get("intent") === intent &&
    Object.entries(fields).every(([name, value]) => fetcher.formData?.get(name) === value);
  const busy = fetcher.state !== "idle";
  const variantClass = variant === "danger" ? "btn-danger" : variant === "primary" ? "btn-primary" : "";
  return (
    <fetcher.Form method="post" className="inline">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        name="intent"
        value={intent}
        className={`btn ${variantClass} min-h-8 px-2 py-1 text-xs whitespace-nowrap`}
        aria-label={accessibleLabel}
        aria-disabled={busy}
        onClick={(event) => {
          if (busy) event.preventDefault();
        }}
      >
        {mine ? pendingLabel : children}
      </button>
    </fetcher.Form>
  );
}
