import { getFormProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { data, Form, useActionData, useFetcher, useLoaderData, useLocation } from "react-router";
import { Link } from "#app/components/link.tsx";
import { z } from "zod";
import type { Route } from "./+types/kv";
import { FormCard } from "#app/components/admin/form-card.tsx";
import { Pager } from "#app/components/admin/pager.tsx";
import { EditLink, editedRowClass, RowActions } from "#app/components/admin/row-actions.tsx";
import { DataTable } from "#app/components/data-table.tsx";
import { DeleteButton } from "#app/components/delete-button.tsx";
import { ErrorAlert } from "#app/components/error-alert.tsx";
import { FormErrors, InputField, SelectField, SubmitButton, TextareaField } from "#app/components/field.tsx";
import { Time } from "#app/components/time.tsx";
import { KvEntrySchema, KvKeyField, type KvEntry, type KvPage } from "#shared/contract/kv.ts";
import { KV_PAGE_SIZE, KV_VALUE_TYPES } from "#shared/contract/kv-vocabulary.ts";
import { ADMIN_PATHS } from "#shared/admin-menu.ts";
import { jsonTextsAt } from "#shared/stored-json.ts";
import { apiRequest, type ApiResult } from "#app/utils/api.server.ts";
import { errorText } from "#app/utils/api-feedback.server.ts";
import { deferredZodCheck, useDeferredZodForm, withDeferredForm } from "#app/utils/use-deferred-zod-form.ts";
import {
  DELETE_INTENTS,
  deleteAction,
  listAfterDelete,
  postedForm,
  saveAction,
  DELETE_BUTTON_FIELDS,
} from "./actions.server";
import { declaredAction, formFields } from "#app/utils/form-fields.ts";

const PAGE_PATH = ADMIN_PATHS.kv;
const DeleteSchema = z.object({ id: KvKeyField });
/** The browser's copy of the form's check, loaded after the page (see useDeferredZodForm). */
const loadKvEntryCheck = deferredZodCheck(
  () => import("#shared/contract/kv.ts"),
  (schemas) => schemas.KvEntrySchema,
);

/** This page's URL with the list's search and paging kept, and the key being edited changed. */
function pageUrl(current: URL | { search: string }, editKey: string | null): string {
  const params = new URLSearchParams(current.search);
  if (editKey) params.set("edit", editKey);
  else params.delete("edit");
  const search = params.toString();
  return `${PAGE_PATH}${search ? `?${search}` : ""}`;
}

function keyPath(key: string): string {
  return `/admin/kv/${encodeURIComponent(key)}`;
}

/** An entry with its value as the page shows and edits it: a json entry's text exactly as stored. */
type ListedKvEntry = KvEntry & { value_text: string };

/**
 * The entries of an answer with their value text. The parsed answer may have lost a json value's digits or key
 * order, so that text is read from the answer's text at `path`.
 */
function withValueTexts(result: ApiResult<unknown> & { ok: true }, entries: KvEntry[], path: string[]) {
  const jsonTexts = jsonTextsAt(result.text ?? "", path);
  return entries.map((entry, index): ListedKvEntry => ({
    ...entry,
    value_text: entry.value_type === "json" ? (jsonTexts[index] ?? JSON.stringify(entry.value)) : String(entry.value),
  }));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const prefix = url.searchParams.get("prefix")?.trim() ?? "";
  const page = Math.max(1, Math.floor(Number(url.searchParams.get("page")) || 1));
  const editKey = url.searchParams.get("edit");
  const query = new URLSearchParams({ page: String(page), page_size: String(KV_PAGE_SIZE) });
  if (prefix) query.set("prefix", prefix);
  const [list, edited] = await Promise.all([
    apiRequest<KvPage>(context, `/admin/kv?${query}`),
    editKey ? apiRequest<KvEntry>(context, `/v1/kv/${encodeURIComponent(editKey)}`) : null,
  ]);
  return {
    prefix,
    list: list.ok
      ? { ...list.data, items: withValueTexts(list, list.data.items, ["items", "*", "value"]) }
      : { items: [], total: 0, page, page_size: KV_PAGE_SIZE },
    error: list.ok ? null : errorText(list.error),
    editing: edited?.ok ? (withValueTexts(edited, [edited.data], ["value"])[0] ?? null) : null,
    editMissing: Boolean(editKey && !edited?.ok),
    constraint: getZodConstraint(KvEntrySchema),
  };
}

export const action = declaredAction(
  formFields(KvEntrySchema, DeleteSchema, DELETE_BUTTON_FIELDS),
  async ({ request, context }: Route.ActionArgs) => {
    const url = new URL(request.url);
    const { formData, intent } = await postedForm(request);

    if (DELETE_INTENTS.includes(intent)) {
      return deleteAction(context, formData, {
        schema: DeleteSchema,
        apiPath: keyPath,
        redirectTo: listAfterDelete(request, (editKey) => pageUrl(url, editKey)),
        // Undo creates the entry again under its key, with its value's text as stored.
        undo: async (key) => {
          const read = await apiRequest<KvEntry>(context, `/v1/kv/${encodeURIComponent(key)}`);
          const entry = read.ok ? withValueTexts(read, [read.data], ["value"])[0] : undefined;
          if (!entry) return null;
          const fields = { key: entry.key, value: entry.value_text, value_type: entry.value_type };
          return entry.expires_at ? { ...fields, expires_at: entry.expires_at } : fields;
        },
      });
    }

    if (intent === "restore") {
      return saveAction(formData, {
        intent,
        schema: KvEntrySchema,
        save: (body) => apiRequest<KvEntry>(context, "/admin/kv", { body }),
        redirectTo: () => pageUrl(url, null),
        message: (entry) => `Restored ${entry.key}.`,
      });
    }

    if (intent === "create" || intent === "save") {
      return saveAction(formData, {
        intent,
        schema: KvEntrySchema,
        save: (body) =>
          intent === "create"
            ? apiRequest<KvEntry>(context, "/admin/kv", { body })
            : apiRequest<KvEntry>(context, keyPath(body.key), { method: "PUT", body }),
        redirectTo: (saved) => pageUrl(url, saved.key),
        message: "Data updated successfully!",
      });
    }

    return data({ intent, result: null }, { status: 400 });
  },
);

export const meta: Route.MetaFunction = () => [{ title: "Key/Value Store" }];

export default function KeyValueStore({ loaderData }: Route.ComponentProps) {
  const { prefix, list, error, editing, editMissing } = loaderData;
  const location = useLocation();
  return (
    <section>
      <h1 className="page-title">Key/Value Store</h1>
      <ErrorAlert message={editMissing ? "That key no longer exists (it was deleted or it expired)." : null} />
      {/* A fresh form on every navigation, as a page load gives without JavaScript (a Create's values would stay). */}
      <KvForm key={`${location.key}-${editing ? `${editing.key}-${editing.updated_at}` : "new"}`} editing={editing} />

      <Form method="get" action={PAGE_PATH} role="search" className="mb-4 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="kv-prefix" className="label">
            Key prefix
          </label>
          <input
            id="kv-prefix"
            name="prefix"
            type="search"
            defaultValue={prefix}
            className="input"
            autoComplete="off"
          />
        </div>
        <button type="submit" className="btn">
          Search
        </button>
        {prefix ? (
          <Link to={PAGE_PATH} className="btn">
            Clear
          </Link>
        ) : null}
      </Form>

      <ErrorAlert message={error} />
      <p className="mb-2 text-sm text-zinc-700 dark:text-zinc-300">
        {list.total} {list.total === 1 ? "key" : "keys"}
        {prefix ? ` starting with “${prefix}”` : ""}
      </p>
      <DataTable
        label="Keys"
        columns={["Key", "Type", "Value", "Expires", "Updated", "Actions"]}
        rows={list.items}
        empty={prefix ? `No keys start with “${prefix}”.` : "No keys yet."}
      >
        {(entry) => {
          const text = entry.value_text;
          return (
            <tr key={entry.key} className={editedRowClass(editing?.key === entry.key)}>
              <td className="font-mono break-all">{entry.key}</td>
              <td>{entry.value_type}</td>
              <td className="max-w-md">
                <code className="font-mono text-xs break-all whitespace-pre-wrap">
                  {text.length > 200 ? `${text.slice(0, 200)}…` : text}
                </code>
              </td>
              <td>{entry.expires_at ? <Time value={entry.expires_at} /> : "never"}</td>
              <td>
                <Time value={entry.updated_at} />
              </td>
              <RowActions>
                <EditLink to={pageUrl(location, entry.key)} label={`Edit ${entry.key}`} />
                <DeleteButton id={entry.key} accessibleLabel={`Delete ${entry.key}`} />
              </RowActions>
            </tr>
          );
        }}
      </DataTable>
      <Pager page={list.page} pageSize={list.page_size} total={list.total} label="Key pages" />
    </section>
  );
}

const KvForm = withDeferredForm(function KvForm({ editing }: { editing: ListedKvEntry | null }) {
  const fetcher = useFetcher<typeof action>();
  const actionData = useActionData<typeof action>();
  const { constraint } = useLoaderData<typeof loader>();
  const location = useLocation();
  const reply = fetcher.data ?? actionData;
  const lastResult = reply && (reply.intent === "create" || reply.intent === "save") ? reply.result : undefined;
  const [form, fields] = useDeferredZodForm<z.input<typeof KvEntrySchema>, z.output<typeof KvEntrySchema>>(
    loadKvEntryCheck,
    constraint,
    {
      lastResult,
      defaultValue: editing
        ? {
            key: editing.key,
            value: editing.value_text,
            value_type: editing.value_type,
            // datetime-local shows minutes, in UTC as the label says.
            expires_at: editing.expires_at ? editing.expires_at.slice(0, 16) : undefined,
          }
        : { value_type: "text" },
    },
  );
  const busy = fetcher.state !== "idle";
  return (
    <FormCard titleId="kv-form" title={editing ? `Edit ${editing.key}` : "New key"}>
      <fetcher.Form
        method="post"
        action={`${location.pathname}${location.search}`}
        {...getFormProps(form)}
        className="space-y-4"
      >
        <div className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr]">
          <InputField
            field={fields.key}
            label="key"
            className="input font-mono"
            readOnly={Boolean(editing)}
            autoComplete="off"
            hint="Letters, digits and . _ : - (e.g. app:feature.flag)"
          />
          <SelectField field={fields.value_type} label="value type" options={KV_VALUE_TYPES} />
          <InputField field={fields.expires_at} label="expires at (UTC, optional)" type="datetime-local" />
        </div>
        <TextareaField field={fields.value} label="value" className="input min-h-24 font-mono" spellCheck={false} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="flex gap-2">
          <SubmitButton intent={editing ? "save" : "create"} busy={busy} busyLabel="Saving...">
            {editing ? "Save Changes" : "Create"}
          </SubmitButton>
          {editing ? (
            <Link to={pageUrl(location, null)} className="btn">
              New key
            </Link>
          ) : null}
        </div>
      </fetcher.Form>
    </FormCard>
  );
});
