// A one-click delete: no confirmation, and clicks are ignored while the request is in flight.
// A plain form post without JavaScript; a fetcher (no reload) with it.
import { useFetcher } from "react-router";

export function DeleteButton({
  id,
  intent = "delete",
  action,
  label = "Delete",
  accessibleLabel,
}: {
  id: string;
  intent?: string;
  action?: string;
  label?: string;
  /** Names what is deleted, e.g. "Delete key SPARK_API", for screen readers. */
  accessibleLabel?: string;
}) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={action} className="inline">
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        name="intent"
        value={intent}
        className="btn btn-danger min-h-8 px-2 py-1 text-xs"
        aria-label={accessibleLabel}
        aria-disabled={busy}
        onClick={(event) => {
          if (busy) event.preventDefault();
        }}
      >
        {busy ? "Deleting..." : label}
      </button>
    </fetcher.Form>
  );
}
