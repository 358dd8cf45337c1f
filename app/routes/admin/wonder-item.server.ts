// The create and edit pages' shared action: validate, preview without JavaScript, or save through /api.
import { getZodConstraint } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { ADMIN_PATHS } from "#shared/admin-menu.ts";
import {
  WonderItemSchema,
  type WonderItem,
  type WonderTag,
  type WonderTagListResponse,
} from "#shared/contract/wonder.ts";
import { apiRequest } from "#app/utils/api.server.ts";
import { errorText } from "#app/utils/api-feedback.server.ts";
import { saveAction } from "./actions.server";

type ReadableContext = Readonly<RouterContextProvider>;

export async function loadTags(context: ReadableContext): Promise<{ tags: WonderTag[]; tagsError: string | null }> {
  const result = await apiRequest<WonderTagListResponse>(context, "/admin/wonder/tags");
  return result.ok ? { tags: result.data.tags, tagsError: null } : { tags: [], tagsError: errorText(result.error) };
}

/** The item form's HTML constraints, for the create and edit pages' loaders. */
export function itemFormConstraint() {
  return getZodConstraint(WonderItemSchema);
}

/** Saves the posted item (a new one when itemId is null) and goes to its edit page. */
export async function saveItemAction(context: ReadableContext, formData: FormData, itemId: string | null) {
  const intent = String(formData.get("intent") ?? "");
  if (intent !== "save" && intent !== "preview") return data({ intent, result: null }, { status: 400 });
  return saveAction(formData, {
    intent,
    schema: WonderItemSchema,
    // Without JavaScript the Preview button posts the form: it comes back rendered, unsaved.
    preview: true,
    save: (body) =>
      itemId
        ? apiRequest<WonderItem>(context, `/admin/wonder/items/${encodeURIComponent(itemId)}`, { method: "PUT", body })
        : apiRequest<WonderItem>(context, "/admin/wonder/items", { body }),
    redirectTo: (saved) => ADMIN_PATHS.wonderEdit(saved.id),
    message: itemId ? "Data updated successfully!" : "Completed successfully!",
  });
}
