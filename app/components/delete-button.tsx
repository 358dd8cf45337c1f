// The Delete button of the admin lists. With JavaScript one click deletes (clicks are ignored while the request is
// in flight) and, where the page can re-create the record, the toast offers Undo. Without JavaScript a click asks
// first: the page comes back with "Delete …? [Delete] [Cancel]" in the button's place, and only that Delete deletes.
import { useEffect, useRef } from "react";
import { useActionData, useFetcher, useFormAction, useLocation, useSubmit } from "react-router";
import { Link } from "#app/components/link.tsx";
import { whenNotificationAreaListens } from "#app/components/notification-area-ready.ts";

/** One fetcher for every Delete button of the page, so the admin layout's DeleteUndoOffer sees its answer. */
const DELETE_FETCHER_KEY = "admin-delete";
const RESTORE_FETCHER_KEY = "admin-restore";
/** Where the page scrolls to when it comes back with the question. */
const CONFIRM_ANCHOR = "confirm-delete";
/**
 * The page the last delete was posted to, where its Undo posts. Kept at the click: the router's updates are
 * transitions, and a slow render skips the fetcher's submitting state, so DeleteUndoOffer may only ever see it idle.
 */
const lastDelete: { postedTo?: string } = {};

/** An action's answer as far as the Delete button reads it. */
interface DeleteAnswer {
  confirmDelete?: string;
  undo?: { fields: Record<string, string | string[]>; message: string };
  /** Why an Undo failed (a delete undone already, or too long ago). */
  restoreError?: string;
}

export function DeleteButton({
  id,
  action,
  label = "Delete",
  accessibleLabel,
}: {
  id: string;
  action?: string;
  label?: string;
  /** Names what is deleted, e.g. "Delete key SPARK_API", for screen readers and the question. */
  accessibleLabel?: string;
}) {
  const fetcher = useFetcher({ key: DELETE_FETCHER_KEY });
  const actionData = useActionData<DeleteAnswer | undefined>();
  const formAction = useFormAction(action);
  const location = useLocation();
  const busy = fetcher.state !== "idle";
  const mine = busy && fetcher.formData?.get("id") === id;
  const buttonClass = "btn btn-danger min-h-8 px-2 py-1 text-xs whitespace-nowrap";

  if (actionData?.confirmDelete === id) {
    const question = `${accessibleLabel ?? label}?`;
    return (
      <form
        id={CONFIRM_ANCHOR}
        method="post"
        action={formAction}
        role="group"
        aria-label={question}
        className="inline-flex flex-wrap items-center gap-2"
      >
        <span className="text-sm font-medium">{question}</span>
        <input type="hidden" name="id" value={id} />
        <button type="submit" name="intent" value="confirm-delete" className={buttonClass}>
          {label}
        </button>
        <Link to={`${location.pathname}${location.search}`} className="btn min-h-8 px-2 py-1 text-xs">
          Cancel
        </Link>
      </form>
    );
  }

  return (
    <form
      method="post"
      action={`${formAction}#${CONFIRM_ANCHOR}`}
      className="inline"
      onSubmit={(event) => {
        // With JavaScript the click is the decision: delete now, and undo from the toast.
        event.preventDefault();
        if (busy) return;
        lastDelete.postedTo = formAction;
        fetcher.submit({ id, intent: "confirm-delete", undoable: "1" }, { method: "post", action: formAction });
      }}
    >
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        name="intent"
        value="delete"
        className={buttonClass}
        aria-label={accessibleLabel}
        aria-disabled={busy}
      >
        {mine ? "Deleting..." : label}
      </button>
    </form>
  );
}

/**
 * Shows the Undo offer of the last delete in a toast; in the admin layout, which stays when the deleted row goes.
 * Undo posts the offer's fields with intent "restore" to the page that deleted the record; a refused Undo shows why.
 */
export function DeleteUndoOffer() {
  const fetcher = useFetcher<DeleteAnswer>({ key: DELETE_FETCHER_KEY });
  const restoreFetcher = useFetcher<DeleteAnswer>({ key: RESTORE_FETCHER_KEY });
  const submit = useSubmit();
  const shown = useRef<unknown>(null);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    const undo = answer?.undo;
    const action = lastDelete.postedTo;
    if (!undo || !action || shown.current === answer) return;
    shown.current = answer;
    void whenNotificationAreaListens().then((toast) =>
      toast.success(undo.message, {
        duration: 10_000,
        action: {
          label: "Undo",
          onClick: () => {
            const form = new FormData();
            for (const [name, value] of Object.entries(undo.fields)) {
              for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
            }
            form.set("intent", "restore");
            void submit(form, { method: "post", action, navigate: false, fetcherKey: RESTORE_FETCHER_KEY });
          },
        },
      }),
    );
  }, [answer, submit]);
  const restoreError = restoreFetcher.state === "idle" ? restoreFetcher.data?.restoreError : undefined;
  useEffect(() => {
    if (restoreError) void whenNotificationAreaListens().then((toast) => toast.error(restoreError));
  }, [restoreFetcher.data, restoreError]);
  return null;
}
