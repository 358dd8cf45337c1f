import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useActionData, useFetcher, useLocation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/kv";
import { Pager } from "~/components/admin/pager";
import { TableWrap } from "~/components/table-wrap";
import { DeleteButton } from "~/components/delete-button";
import { FieldErrors, FormErrors } from "~/components/field";
import { Time } from "~/components/time";
import { KV_PAGE_SIZE, KV_VALUE_TYPES, KvEntrySchema, KvKeyField, type KvEntry, type KvPage } from "~/schemas/kv";
import { apiRequest, fieldErrorsOf } from "~/utils/api.server";
import { errorText, failureToast } from "~/utils/api-feedback.server";
import { redirectWithSuccess } from "~/utils/toast.server";

const PAGE_PATH = "/admin/common/kv/";
const DeleteSchema = z.object({ id: KvKeyField });

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
    list: list.ok ? list.data : { items: [], total: 0, page, page_size: KV_PAGE_SIZE },
    error: list.ok ? null : errorText(list.error),
    editing: edited?.ok ? edited.data : null,
    editMissing: Boolean(editKey && !edited?.ok),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");

  if (intent === "delete") {
    const submission = parseWithZod(formData, { schema: DeleteSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    const key = submission.value.id;
    const result = await apiRequest(context, keyPath(key), { method: "DELETE" });
    if (!result.ok) return failureToast({ intent, result: submission.reply() }, result.error);
    const editing = url.searchParams.get("edit");
    return redirectWithSuccess(pageUrl(url, editing === key ? null : editing), "Completed successfully!");
  }

  if (intent === "create" || intent === "save") {
    const submission = parseWithZod(formData, { schema: KvEntrySchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    const body = submission.value;
    const result =
      intent === "create"
        ? await apiRequest<KvEntry>(context, "/admin/kv", { body })
        : await apiRequest<KvEntry>(context, keyPath(body.key), { method: "PUT", body });
    if (!result.ok) return failureToast({ intent, result: submission.reply({ fieldErrors: fieldErrorsOf(result.error) }) }, result.error);
    return redirectWithSuccess(pageUrl(url, result.data.key), "Data updated successfully!");
  }

  return data({ intent, result: null }, { status: 400 });
}

export const meta: Route.MetaFunction = () => [{ title: "Key/Value Store" }];

function valueText(entry: Pick<KvEntry, "value_type" | "value">, indent = 0): string {
  return entry.value_type === "json" ? (JSON.stringify(entry.value, null, indent) ?? "null") : String(entry.value);
}

export default function KeyValueStore({ loaderData }: Route.ComponentProps) {
  const { prefix, list, error, editing, editMissing } = loaderData;
  const location = useLocation();
  return (
    <section>
      <h1 className="page-title">Key/Value Store</h1>
      {editMissing ? (
        <p role="alert" className="mb-4 text-red-700 dark:text-red-400">
          That key no longer exists (it was deleted or it expired).
        </p>
      ) : null}
      <KvForm key={editing ? `${editing.key}-${editing.updated_at}` : "new"} editing={editing} />

      <Form method="get" action={PAGE_PATH} role="search" className="mb-4 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="kv-prefix" className="label">
            Key prefix
          </label>
          <input id="kv-prefix" name="prefix" type="search" defaultValue={prefix} className="input" autoComplete="off" />
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

      {error ? (
        <p role="alert" className="mb-4 text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <p className="mb-2 text-sm text-zinc-700 dark:text-zinc-300">
        {list.total} {list.total === 1 ? "key" : "keys"}
        {prefix ? ` starting with “${prefix}”` : ""}
      </p>
      <TableWrap label="Keys">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">key</th>
              <th scope="col">type</th>
              <th scope="col">value</th>
              <th scope="col">expires</th>
              <th scope="col">updated</th>
              <th scope="col">actions</th>
            </tr>
          </thead>
          <tbody>
            {list.items.length === 0 ? (
              <tr>
                <td colSpan={6}>No keys.</td>
              </tr>
            ) : (
              list.items.map((entry) => {
                const text = valueText(entry);
                return (
                  <tr key={entry.key} className={editing?.key === entry.key ? "bg-blue-50 dark:bg-blue-950" : undefined}>
                    <td className="font-mono break-all">{entry.key}</td>
                    <td>{entry.value_type}</td>
                    <td className="max-w-md">
                      <code className="font-mono text-xs break-all whitespace-pre-wrap">{text.length > 200 ? `${text.slice(0, 200)}…` : text}</code>
                    </td>
                    <td>{entry.expires_at ? <Time value={entry.expires_at} /> : "never"}</td>
                    <td>
                      <Time value={entry.updated_at} />
                    </td>
                    <td className="whitespace-nowrap">
                      <span className="flex gap-2">
                        <Link to={pageUrl(location, entry.key)} className="btn min-h-8 px-2 py-1 text-xs" aria-label={`Edit ${entry.key}`}>
                          Edit
                        </Link>
                        <DeleteButton id={entry.key} accessibleLabel={`Delete ${entry.key}`} />
                      </span>
                    </td>
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </TableWrap>
      <Pager page={list.page} pageSize={list.page_size} total={list.total} label="Key pages" />
    </section>
  );
}

function KvForm({ editing }: { editing: KvEntry | null }) {
  const fetcher = useFetcher<typeof action>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const reply = fetcher.data ?? actionData;
  const lastResult = reply && (reply.intent === "create" || reply.intent === "save") ? reply.result : undefined;
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(KvEntrySchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: KvEntrySchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: editing
      ? {
          key: editing.key,
          value: valueText(editing, 2),
          value_type: editing.value_type,
          // datetime-local shows minutes, in UTC as the label says.
          expires_at: editing.expires_at ? editing.expires_at.slice(0, 16) : undefined,
        }
      : { value_type: "text" },
  });
  const busy = fetcher.state !== "idle";
  return (
    <section aria-labelledby="kv-form" className="card mb-6">
      <h2 id="kv-form" className="mb-3 text-lg font-semibold">
        {editing ? `Edit ${editing.key}` : "New key"}
      </h2>
      <fetcher.Form method="post" action={`${location.pathname}${location.search}`} {...getFormProps(form)} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr]">
          <div>
            <label htmlFor={fields.key.id} className="label">
              key
            </label>
            <input {...getInputProps(fields.key, { type: "text" })} className="input font-mono" readOnly={Boolean(editing)} autoComplete="off" />
            <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">Letters, digits and . _ : - (e.g. app:feature.flag)</p>
            <FieldErrors id={fields.key.errorId} errors={fields.key.errors} />
          </div>
          <div>
            <label htmlFor={fields.value_type.id} className="label">
              value type
            </label>
            <select {...getSelectProps(fields.value_type)} className="input">
              {KV_VALUE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
            <FieldErrors id={fields.value_type.errorId} errors={fields.value_type.errors} />
          </div>
          <div>
            <label htmlFor={fields.expires_at.id} className="label">
              expires at (UTC, optional)
            </label>
            <input {...getInputProps(fields.expires_at, { type: "datetime-local" })} className="input" />
            <FieldErrors id={fields.expires_at.errorId} errors={fields.expires_at.errors} />
          </div>
        </div>
        <div>
          <label htmlFor={fields.value.id} className="label">
            value
          </label>
          <textarea {...getTextareaProps(fields.value)} className="input min-h-24 font-mono" spellCheck={false} />
          <FieldErrors id={fields.value.errorId} errors={fields.value.errors} />
        </div>
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="flex gap-2">
          <button type="submit" name="intent" value={editing ? "save" : "create"} className="btn btn-primary" disabled={busy}>
            {busy ? "Saving..." : editing ? "Save Changes" : "Create"}
          </button>
          {editing ? (
            <Link to={pageUrl(location, null)} className="btn">
              New key
            </Link>
          ) : null}
        </div>
      </fetcher.Form>
    </section>
  );
}
