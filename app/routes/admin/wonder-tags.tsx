import { getFormProps, getInputProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { data, useActionData, useFetcher, useLoaderData, useLocation } from "react-router";
import { Link } from "#app/components/link.tsx";
import { z } from "zod";
import type { Route } from "./+types/wonder-tags";
import { FormCard } from "#app/components/admin/form-card.tsx";
import { EditLink, editedRowClass, editUrl, RowActions } from "#app/components/admin/row-actions.tsx";
import { TagChip } from "#app/components/admin/tag-chip.tsx";
import { DataTable } from "#app/components/data-table.tsx";
import { DeleteButton } from "#app/components/delete-button.tsx";
import { ErrorAlert } from "#app/components/error-alert.tsx";
import { FormErrors, InputField, SubmitButton } from "#app/components/field.tsx";
import { Time } from "#app/components/time.tsx";
import { ADMIN_PATHS } from "#shared/admin-menu.ts";
import {
  WonderTagFormSchema,
  WonderTagSchema,
  type WonderTag,
  type WonderTagListResponse,
} from "#shared/contract/wonder.ts";
import { apiRequest } from "#app/utils/api.server.ts";
import { deferredZodCheck, useDeferredZodForm, withDeferredForm } from "#app/utils/use-deferred-zod-form.ts";
import {
  DELETE_INTENTS,
  deleteAction,
  listAfterDelete,
  loadListForEditing,
  postedForm,
  saveAction,
  DELETE_BUTTON_FIELDS,
} from "./actions.server";
import { declaredAction, formFields } from "#app/utils/form-fields.ts";

const PAGE_PATH = ADMIN_PATHS.wonderTags;
const IdSchema = z.object({ id: z.string().min(1, "Required.") });
/** The browser's copy of the form's check, loaded after the page (see useDeferredZodForm). */
const loadTagCheck = deferredZodCheck(
  () => import("#shared/contract/wonder.ts"),
  (schemas) => schemas.WonderTagFormSchema,
);

const pageUrl = (editId?: string | null) => editUrl(PAGE_PATH, editId);

export async function loader({ request, context }: Route.LoaderArgs) {
  const {
    items: tags,
    editing,
    error,
  } = await loadListForEditing(context, request, "/admin/wonder/tags", (answer: WonderTagListResponse) => answer.tags);
  return { tags, editing, error, constraint: getZodConstraint(WonderTagFormSchema) };
}

export const action = declaredAction(
  formFields(WonderTagSchema, WonderTagFormSchema, IdSchema, DELETE_BUTTON_FIELDS),
  async ({ request, context }: Route.ActionArgs) => {
    const { formData, intent } = await postedForm(request);

    if (DELETE_INTENTS.includes(intent)) {
      return deleteAction(context, formData, {
        schema: IdSchema,
        apiPath: (id) => `/admin/wonder/tags/${encodeURIComponent(id)}`,
        redirectTo: listAfterDelete(request, pageUrl),
        // Undo creates the tag again (a new id) with its name, slug and colour; the items it was on lose it.
        undo: async (id) => {
          const list = await apiRequest<WonderTagListResponse>(context, "/admin/wonder/tags");
          const tag = list.ok ? list.data.tags.find((listed) => listed.id === id) : undefined;
          if (!tag) return null;
          const fields = { name: tag.name, slug: tag.slug };
          return tag.color ? { ...fields, color: tag.color } : fields;
        },
      });
    }

    if (intent === "restore") {
      return saveAction(formData, {
        intent,
        schema: WonderTagSchema,
        save: (body) => apiRequest<WonderTag>(context, "/admin/wonder/tags", { body }),
        redirectTo: () => PAGE_PATH,
        message: (tag) => `Restored ${tag.name}.`,
      });
    }

    if (intent === "save") {
      return saveAction(formData, {
        intent,
        schema: WonderTagFormSchema,
        save: ({ id, ...body }) =>
          id
            ? apiRequest<WonderTag>(context, `/admin/wonder/tags/${encodeURIComponent(id)}`, { method: "PUT", body })
            : apiRequest<WonderTag>(context, "/admin/wonder/tags", { body }),
        redirectTo: () => PAGE_PATH,
        message: ({ id }) => (id ? "Data updated successfully!" : "Completed successfully!"),
      });
    }

    return data({ intent, result: null }, { status: 400 });
  },
);

export const meta: Route.MetaFunction = () => [{ title: "Wonder Tags" }];

export default function WonderTags({ loaderData }: Route.ComponentProps) {
  const { tags, editing, error } = loaderData;
  const location = useLocation();
  return (
    <section>
      <h1 className="page-title">Wonder Tags</h1>
      {/* A fresh form on every navigation, as a page load gives without JavaScript (a Create's values would stay). */}
      <TagForm
        key={`${location.key}-${editing ? `${editing.id}-${editing.slug}-${editing.name}` : "new"}`}
        editing={editing}
      />
      <ErrorAlert message={error} />
      <DataTable
        label="Tags"
        columns={["Name", "Slug", "Items", "Created", "Actions"]}
        rows={tags}
        empty="No tags yet."
      >
        {(tag) => (
          <tr key={tag.id} className={editedRowClass(editing?.id === tag.id)}>
            <td>
              <TagChip tag={tag} />
            </td>
            <td className="font-mono">{tag.slug}</td>
            <td>
              <Link
                to={`${ADMIN_PATHS.wonderItems}?${new URLSearchParams({ tag: tag.slug })}`}
                aria-label={`${tag.item_count} items tagged ${tag.name}`}
              >
                {tag.item_count}
              </Link>
            </td>
            <td>
              <Time value={tag.created_at} />
            </td>
            <RowActions>
              <EditLink to={pageUrl(tag.id)} label={`Edit tag ${tag.name}`} />
              <DeleteButton id={tag.id} accessibleLabel={`Delete tag ${tag.name}`} />
            </RowActions>
          </tr>
        )}
      </DataTable>
    </section>
  );
}

const TagForm = withDeferredForm(function TagForm({ editing }: { editing: WonderTag | null }) {
  const fetcher = useFetcher<typeof action>();
  const actionData = useActionData<typeof action>();
  const { constraint } = useLoaderData<typeof loader>();
  const reply = fetcher.data ?? actionData;
  const lastResult = reply?.intent === "save" ? reply.result : undefined;
  const [form, fields] = useDeferredZodForm<z.input<typeof WonderTagFormSchema>, z.output<typeof WonderTagFormSchema>>(
    loadTagCheck,
    constraint,
    {
      lastResult,
      defaultValue: editing
        ? { id: editing.id, name: editing.name, slug: editing.slug, color: editing.color ?? undefined }
        : undefined,
    },
  );
  const busy = fetcher.state !== "idle";
  return (
    <FormCard titleId="tag-form" title={editing ? `Edit tag ${editing.name}` : "New tag"}>
      <fetcher.Form method="post" action={pageUrl(editing?.id)} {...getFormProps(form)} className="space-y-4">
        <input {...getInputProps(fields.id, { type: "hidden" })} />
        <div className="grid gap-4 sm:grid-cols-3">
          <InputField field={fields.name} label="name" autoComplete="off" />
          <InputField
            field={fields.slug}
            label="slug"
            className="input font-mono"
            autoComplete="off"
            hint="Left empty, it is made from the name."
          />
          <InputField
            field={fields.color}
            label="colour (optional)"
            className="input font-mono"
            placeholder="#3366ff"
            autoComplete="off"
          />
        </div>
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="flex gap-2">
          <SubmitButton intent="save" busy={busy} busyLabel="Saving...">
            {editing ? "Save Changes" : "Create"}
          </SubmitButton>
          {editing ? (
            <Link to={PAGE_PATH} className="btn">
              New tag
            </Link>
          ) : null}
        </div>
      </fetcher.Form>
    </FormCard>
  );
});
