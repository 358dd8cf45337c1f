// What the admin pages' loaders and actions have in common: a list with the record being edited (?edit=id), a
// form saved through /api, and the Delete button. Every answer of an action has the same shape,
// { intent, result }, so the page's form finds Conform's reply to its own post.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { apiRequest, fieldErrorsOf, type ApiResult } from "#app/utils/api.server.ts";
import { errorText, failureToast } from "#app/utils/api-feedback.server.ts";
import { redirectWithSuccess } from "#app/utils/toast.server.ts";
import { textFields } from "#app/utils/form-fields.ts";
import type { Restored } from "#shared/contract/deleted.ts";

type ReadableContext = Readonly<RouterContextProvider>;

/** The posted form and its intent: the value of the button (name="intent") that sent it, "" when there is none. */
export async function postedForm(request: Request): Promise<{ formData: FormData; intent: string }> {
  const formData = await request.formData();
  return { formData, intent: String(formData.get("intent") ?? "") };
}

/**
 * Where a list goes after a delete: the same list, still editing the record of its ?edit= parameter unless that
 * record is the one deleted. `pageUrl` makes the list's URL for a record being edited (null: none).
 */
export function listAfterDelete(
  request: Request,
  pageUrl: (editId: string | null) => string,
): (deletedId: unknown) => string {
  const editId = new URL(request.url).searchParams.get("edit");
  return (deletedId) => pageUrl(editId === String(deletedId) ? null : editId);
}

/**
 * The list at `apiPath` and the record of it named by the page's ?edit= parameter; a failed call gives an empty list
 * and the error.
 */
export async function loadListForEditing<Item extends { id: string | number }, Answer = Item[]>(
  context: ReadableContext,
  request: Request,
  apiPath: string,
  itemsOf: (answer: Answer) => Item[] = (answer) => answer as Item[],
): Promise<{ items: Item[]; editing: Item | null; error: string | null }> {
  const editId = new URL(request.url).searchParams.get("edit");
  const result = await apiRequest<Answer>(context, apiPath);
  if (!result.ok) return { items: [], editing: null, error: errorText(result.error) };
  const items = itemsOf(result.data);
  return { items, editing: items.find((item) => String(item.id) === editId) ?? null, error: null };
}

/**
 * A form's post: checked against the schema (400 with the field errors), then `save`d through /api; /api's field
 * errors come back on the form's fields and its message as a toast. Saved, the page goes to `redirectTo`
 * with `message`. With `preview`, the intent "preview" (the Preview button without JavaScript) answers the form
 * back unsaved, for its markdown to be rendered from the posted text.
 */
export async function saveAction<Value, Saved, Extra extends object = Record<never, never>>(
  formData: FormData,
  options: {
    intent: string;
    schema: z.ZodType<Value>;
    save: (value: Value) => Promise<ApiResult<Saved>>;
    redirectTo: (saved: Saved, value: Value) => string;
    message: string | ((value: Value) => string);
    preview?: boolean;
    /** After a successful save, before the redirect (e.g. drop a cache). */
    onSaved?: () => void;
    /** More fields of the page's action answer. */
    extra?: Extra;
  },
) {
  const { intent } = options;
  const extra = (options.extra ?? {}) as Extra;
  const submission = parseWithZod(formData, { schema: options.schema });
  if (submission.status !== "success") return data({ intent, result: submission.reply(), ...extra }, { status: 400 });
  if (options.preview && intent === "preview") return data({ intent, result: submission.reply(), ...extra });
  const result = await options.save(submission.value);
  if (!result.ok)
    return failureToast(
      { intent, result: submission.reply({ fieldErrors: fieldErrorsOf(result.error) }), ...extra },
      result.error,
    );
  options.onSaved?.();
  const message = typeof options.message === "string" ? options.message : options.message(submission.value);
  return redirectWithSuccess(options.redirectTo(result.data, submission.value), message);
}

/**
 * What every admin list's Delete button and its Undo post beside the page's own forms: the button's intent and the
 * record's id, the script's "undoable", and a held delete's hold_id.
 */
export const DELETE_BUTTON_FIELDS = textFields("intent", "id", "undoable", "hold_id");

/** The intents of the Delete button: "delete" asks first (without JavaScript), "confirm-delete" deletes. */
export const DELETE_INTENTS: readonly string[] = ["delete", "confirm-delete"];

/**
 * The answer to the Delete button's first post without JavaScript ("delete"): the page again, with the question in
 * place of the button (confirmDelete names the record by the posted id). For actions that delete their own way.
 */
export function confirmDeleteQuestion<Extra extends object>(formData: FormData, extra: Extra) {
  return data({ ...extra, confirmDelete: String(formData.get("id") ?? "") });
}

/**
 * What the toast's Undo button posts (with intent "restore", to the page that deleted) to bring a deleted record
 * back: the fields of the page's own create form, filled from the record as it was.
 */
export interface UndoOffer {
  /** A list is posted as one field per value (the tags of an item). */
  fields: Record<string, string | string[]>;
  message: string;
}

/** The Delete button's fields: "undoable" is set by its script, which shows the answer's Undo offer in a toast. */
function wantsUndo(formData: FormData): boolean {
  return formData.get("undoable") === "1";
}

/** The field an Undo of a held delete posts: the hold's id, all the page learns of the deleted rows. */
const HoldFieldsSchema = z.object({ hold_id: z.uuid() });

/**
 * The Undo offer of a delete whose /api answer names a hold (a user, a key, a message: records the server keeps for
 * a few minutes and restores as they were), when the Delete button's script asked for one; null otherwise.
 */
export function heldUndoOffer(formData: FormData, deleteAnswer: unknown, message: string): UndoOffer | null {
  if (!wantsUndo(formData)) return null;
  const hold = HoldFieldsSchema.safeParse(deleteAnswer);
  return hold.success ? { fields: { hold_id: hold.data.hold_id }, message } : null;
}

/**
 * Undo of a held delete (intent "restore" with the hold's id): /api puts the record back as it was, and the page goes
 * to `redirectTo` with "Restored."; a hold undone already or too old stays on the page, and the Undo toast's script
 * shows the error (`failed` is the rest of the page's action answer then).
 */
export async function restoreHeldAction<Failed>(
  context: ReadableContext,
  formData: FormData,
  options: { redirectTo: string; failed: Failed; onRestored?: () => void },
) {
  const hold = HoldFieldsSchema.safeParse({ hold_id: formData.get("hold_id") });
  if (!hold.success) return data(options.failed, { status: 400 });
  const result = await apiRequest<Restored>(context, `/v1/admin/deleted/${hold.data.hold_id}/restore`, {
    method: "POST",
  });
  // The Undo toast's fetcher reads restoreError (DeleteUndoOffer): the page itself never sees this answer.
  if (!result.ok) return failureToast({ ...options.failed, restoreError: result.error.detail }, result.error);
  options.onRestored?.();
  return redirectWithSuccess(options.redirectTo, "Restored.");
}

/**
 * The Delete button's posts (DeleteButton: its intent and the record's id). "delete", posted without
 * JavaScript, deletes nothing: the page answers with the question (confirmDelete names the record), whose own
 * Delete button posts "confirm-delete". That deletes the record through /api and goes back to the list; a failure
 * stays on the page with the error as a toast. With JavaScript the button posts "confirm-delete" at once, and
 * a page that can re-create the record (`undo`: the create form's fields, read before the delete) answers them
 * as an Undo offer instead of going back to the list; so does a page whose /api delete keeps the record (`held`),
 * with the hold's id (restoreHeldAction brings it back).
 */
export async function deleteAction<Id, Extra extends object = Record<never, never>>(
  context: ReadableContext,
  formData: FormData,
  options: {
    schema: z.ZodType<{ id: Id }>;
    /** The /api path that deletes the record. */
    apiPath: (id: Id) => string;
    /** Where the list is shown again. */
    redirectTo: (id: Id) => string;
    /** After a successful delete, before the redirect (e.g. drop a cache). */
    onDeleted?: () => void;
    /** The record as the page's create form would post it, for Undo; null when it cannot be read. */
    undo?: (id: Id) => Promise<UndoOffer["fields"] | null>;
    /** The /api delete answers a hold that undoes it (heldUndoOffer). */
    held?: boolean;
    /** More fields of the page's action answer. */
    extra?: Extra;
  },
) {
  const intent = String(formData.get("intent") ?? "delete") === "confirm-delete" ? "confirm-delete" : "delete";
  const extra = (options.extra ?? {}) as Extra;
  const submission = parseWithZod(formData, { schema: options.schema });
  if (submission.status !== "success") return data({ intent, result: submission.reply(), ...extra }, { status: 400 });
  const { id } = submission.value;
  if (intent === "delete") return confirmDeleteQuestion(formData, { intent, result: submission.reply(), ...extra });
  const undoFields = options.undo && wantsUndo(formData) ? await options.undo(id) : null;
  const result = await apiRequest(context, options.apiPath(id), { method: "DELETE" });
  if (!result.ok) return failureToast({ intent, result: submission.reply(), ...extra }, result.error);
  options.onDeleted?.();
  const message = "Completed successfully!";
  const undo = undoFields
    ? { fields: undoFields, message }
    : options.held
      ? heldUndoOffer(formData, result.data, message)
      : null;
  if (undo) return data({ intent, result: null, undo, ...extra });
  return redirectWithSuccess(options.redirectTo(id), "Completed successfully!");
}
