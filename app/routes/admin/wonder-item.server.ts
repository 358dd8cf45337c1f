// The create and edit pages' shared action: validate, preview without JavaScript, or save through /api.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { wonderEditPath } from "~/components/admin/wonder-paths";
import { WonderItemSchema, type WonderItem, type WonderTag } from "~/schemas/wonder";
import { apiRequest, fieldErrorsOf } from "~/utils/api.server";
import { errorText, failureToast } from "~/utils/api-feedback.server";
import { redirectWithSuccess } from "~/utils/toast.server";

type ReadableContext = Readonly<RouterContextProvider>;

export async function loadTags(context: ReadableContext): Promise<{ tags: WonderTag[]; tagsError: string | null }> {
  const result = await apiRequest<{ tags: WonderTag[] }>(context, "/admin/wonder/tags");
  return result.ok ? { tags: result.data.tags, tagsError: null } : { tags: [], tagsError: errorText(result.error) };
}

/** Saves the posted item (a new one when itemId is null) and goes to its edit page. */
export async function saveItemAction(context: ReadableContext, formData: FormData, itemId: string | null) {
  const intent = String(formData.get("intent") ?? "");
  if (intent !== "save" && intent !== "preview") return data({ intent, result: null }, { status: 400 });
  const submission = parseWithZod(formData, { schema: WonderItemSchema });
  if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
  // Without JavaScript the Preview button posts the form: it comes back rendered, unsaved.
  if (intent === "preview") return data({ intent, result: submission.reply() });
  const body = submission.value;
  const result = itemId
    ? await apiRequest<WonderItem>(context, `/admin/wonder/items/${encodeURIComponent(itemId)}`, { method: "PUT", body })
    : await apiRequest<WonderItem>(context, "/admin/wonder/items", { body });
  if (!result.ok) return failureToast({ intent, result: submission.reply({ fieldErrors: fieldErrorsOf(result.error) }) }, result.error);
  return redirectWithSuccess(wonderEditPath(result.data.id), itemId ? "Data updated successfully!" : "Completed successfully!");
}
