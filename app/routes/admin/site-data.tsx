import { getFormProps, getInputProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { data, useActionData, useFetcher, useLoaderData, useLocation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/site-data";
import { FormCard } from "#app/components/admin/form-card.tsx";
import { MarkdownPreview, PreviewButton } from "#app/components/admin/markdown-preview.tsx";
import { EditLink, editedRowClass, editUrl, RowActions } from "#app/components/admin/row-actions.tsx";
import { DataTable } from "#app/components/data-table.tsx";
import { DeleteButton } from "#app/components/delete-button.tsx";
import { ErrorAlert } from "#app/components/error-alert.tsx";
import { Field, FieldErrors, FormErrors, SubmitButton, TextareaField } from "#app/components/field.tsx";
import { Time } from "#app/components/time.tsx";
import { SiteDataEntrySchema, type SiteDataEntry } from "#shared/contract/site-data.ts";
import { SITE_DATA_TYPE_HINT } from "#shared/contract/site-data-vocabulary.ts";
import { ADMIN_PATHS } from "#shared/admin-menu.ts";
import { apiRequest } from "#app/utils/api.server.ts";
import { failureToast } from "#app/utils/api-feedback.server.ts";
import { redirectWithSuccess } from "#app/utils/toast.server.ts";
import { deferredZodCheck, useDeferredZodForm, withDeferredForm } from "#app/utils/use-deferred-zod-form.ts";
import {
  DELETE_INTENTS,
  deleteAction,
  listAfterDelete,
  loadListForEditing,
  postedForm,
  restoreHeldAction,
  saveAction,
  DELETE_BUTTON_FIELDS,
} from "./actions.server";
import { declaredAction, formFields } from "#app/utils/form-fields.ts";

const PAGE_PATH = ADMIN_PATHS.siteData;
const IdSchema = z.object({ id: z.string().min(1, "Required.") });
/** The browser's copy of the editor's check, loaded after the page (see useDeferredZodForm). */
const loadSiteDataCheck = deferredZodCheck(
  () => import("#shared/contract/site-data.ts"),
  (schemas) => schemas.SiteDataEntrySchema,
);

const pageUrl = (editId?: string | null) => editUrl(PAGE_PATH, editId);

export async function loader({ request, context }: Route.LoaderArgs) {
  const {
    items: entries,
    editing,
    error,
  } = await loadListForEditing<SiteDataEntry>(context, request, "/v1/admin/site/data/list");
  return { entries, editing, error, constraint: getZodConstraint(SiteDataEntrySchema) };
}

export const action = declaredAction(
  formFields(SiteDataEntrySchema, IdSchema, DELETE_BUTTON_FIELDS),
  async ({ request, context }: Route.ActionArgs) => {
    const { formData, intent } = await postedForm(request);

    if (intent === "create") {
      const result = await apiRequest<SiteDataEntry>(context, "/v1/admin/site/data/new", { method: "POST" });
      if (!result.ok) return failureToast({ intent, result: null }, result.error);
      // The list reloads with the new entry open in the editor: a new entry is always made to be edited.
      return redirectWithSuccess(pageUrl(result.data.id), "Completed successfully!");
    }

    if (DELETE_INTENTS.includes(intent)) {
      return deleteAction(context, formData, {
        schema: IdSchema,
        apiPath: (id) => `/v1/admin/site/data/entry/${encodeURIComponent(id)}`,
        redirectTo: listAfterDelete(request, pageUrl),
        // The entry comes back from the server's hold with its id, version and current flag.
        held: true,
      });
    }

    if (intent === "restore") {
      return restoreHeldAction(context, formData, { redirectTo: pageUrl(null), failed: { intent, result: null } });
    }

    if (intent === "save" || intent === "preview") {
      return saveAction(formData, {
        intent,
        schema: SiteDataEntrySchema,
        // The preview is rendered from the posted text: the form comes back with it, unsaved.
        preview: true,
        // The textarea is always posted: an emptied one means "no markdown", not "unchanged".
        save: (value) =>
          apiRequest<SiteDataEntry>(context, `/v1/admin/site/data/entry/${encodeURIComponent(value.id)}`, {
            body: { ...value, markdown: value.markdown ?? "" },
          }),
        redirectTo: (_saved, value) => pageUrl(value.id),
        message: "Data updated successfully!",
      });
    }

    return data({ intent, result: null }, { status: 400 });
  },
);

export const meta: Route.MetaFunction = () => [{ title: "Site Data" }];

const shortId = (id: string) => id.slice(0, 8);

export default function SiteData({ loaderData }: Route.ComponentProps) {
  const { entries, editing, error } = loaderData;
  const createFetcher = useFetcher<typeof action>();
  const creating = createFetcher.state !== "idle";
  return (
    <section>
      <h1 className="page-title">Site Data</h1>
      <createFetcher.Form method="post" className="mb-4">
        <SubmitButton intent="create" busy={creating} busyLabel="Creating...">
          New entry
        </SubmitButton>
      </createFetcher.Form>

      {editing ? <SiteDataEditor key={editing.id + editing.updated_at} entry={editing} /> : null}

      <ErrorAlert message={error} />
      <DataTable
        label="Site data entries"
        columns={["Version", "ID", "Type", "Current", "Markdown", "Created", "Actions"]}
        rows={entries}
        empty="No data available"
        stacked
      >
        {(entry) => {
          const selected = editing?.id === entry.id;
          return (
            <tr key={entry.id} aria-selected={selected} className={editedRowClass(selected)}>
              <td>{entry.versionNum}</td>
              <td data-label="ID" className="font-mono">
                {shortId(entry.id)}
              </td>
              <td data-label="Type">{entry.type}</td>
              <td data-label="Current">{entry.is_current ? "True" : "False"}</td>
              <td data-label="Markdown">
                {/* A table cell takes no max-width: the box inside keeps the excerpt to a readable measure. */}
                <div className="line-clamp-3 w-56 wrap-anywhere sm:w-72">{entry.markdown.slice(0, 100)}</div>
              </td>
              <td data-label="Created">
                <Time value={entry.created_at} />
              </td>
              <RowActions>
                {/* Edit on the row already being edited closes the editor. */}
                <EditLink
                  to={pageUrl(selected ? null : entry.id)}
                  open={selected}
                  label={`Edit version ${entry.versionNum} (${shortId(entry.id)})`}
                  aria-expanded={selected}
                  aria-controls={selected ? "site-data-editor-section" : undefined}
                  title={selected ? "Close the editor" : undefined}
                  preventScrollReset
                />
                <DeleteButton
                  id={entry.id}
                  accessibleLabel={`Delete version ${entry.versionNum} (${shortId(entry.id)})`}
                />
              </RowActions>
            </tr>
          );
        }}
      </DataTable>
    </section>
  );
}

const SiteDataEditor = withDeferredForm(function SiteDataEditor({ entry }: { entry: SiteDataEntry }) {
  const fetcher = useFetcher<typeof action>();
  const actionData = useActionData<typeof action>();
  const { constraint } = useLoaderData<typeof loader>();
  const location = useLocation();
  const reply = fetcher.data ?? actionData;
  const lastResult = reply && (reply.intent === "save" || reply.intent === "preview") ? reply.result : undefined;
  const [form, fields] = useDeferredZodForm<z.input<typeof SiteDataEntrySchema>, z.output<typeof SiteDataEntrySchema>>(
    loadSiteDataCheck,
    constraint,
    {
      lastResult,
      defaultValue: {
        id: entry.id,
        type: entry.type,
        markdown: entry.markdown,
        is_current: entry.is_current ? "True" : "False",
      },
    },
  );
  const saving = fetcher.state !== "idle";
  const markdown = typeof fields.markdown.value === "string" ? fields.markdown.value : "";
  return (
    <FormCard
      id="site-data-editor-section"
      titleId="site-data-editor"
      title={`Edit version ${entry.versionNum} (${shortId(entry.id)})`}
    >
      <fetcher.Form
        method="post"
        action={`${location.pathname}${location.search}`}
        {...getFormProps(form)}
        className="space-y-4"
      >
        <input {...getInputProps(fields.id, { type: "hidden" })} />
        <fieldset>
          <legend className="label">is_current</legend>
          <div className="flex gap-4">
            {(["True", "False"] as const).map((value) => (
              <label key={value} className="inline-flex items-center gap-2 text-sm">
                <input
                  {...getInputProps(fields.is_current, { type: "radio", value })}
                  key={`${fields.is_current.key}-${value}`}
                />
                {value}
              </label>
            ))}
          </div>
          <FieldErrors id={fields.is_current.errorId} errors={fields.is_current.errors} />
        </fieldset>
        <Field field={fields.type} label="type" hint={`Pick from ${SITE_DATA_TYPE_HINT}`}>
          <input {...getInputProps(fields.type, { type: "text" })} className="input max-w-xs" list="site-data-types" />
          <datalist id="site-data-types">
            <option value="terms" />
            <option value="privacy" />
          </datalist>
        </Field>
        <div className="grid gap-4 lg:grid-cols-2">
          <TextareaField field={fields.markdown} label="markdown" className="input min-h-72 font-mono" />
          <MarkdownPreview markdown={markdown} />
        </div>
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="flex gap-2">
          <SubmitButton intent="save" busy={saving} busyLabel="Saving...">
            Save Updates
          </SubmitButton>
          {/* With JavaScript the preview follows the text; without, this renders it on the server. */}
          <PreviewButton />
        </div>
      </fetcher.Form>
    </FormCard>
  );
});
