import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Link, useActionData, useFetcher, useLocation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/site-data";
import { MarkdownPreview } from "~/components/admin/markdown-preview";
import { TableWrap } from "~/components/table-wrap";
import { DeleteButton } from "~/components/delete-button";
import { FieldErrors, FormErrors } from "~/components/field";
import { Time } from "~/components/time";
import { SITE_DATA_TYPE_HINT, SiteDataEntrySchema, type SiteDataEntry } from "~/schemas/site-data";
import { apiRequest, fieldErrorsOf } from "~/utils/api.server";
import { errorText, failureToast } from "~/utils/api-feedback.server";
import { useHydrated } from "~/utils/hydrated";
import { redirectWithSuccess } from "~/utils/toast.server";

const PAGE_PATH = "/admin/common/site/data/";
const IdSchema = z.object({ id: z.string().min(1, "Required.") });

function pageUrl(editId?: string | null): string {
  return editId ? `${PAGE_PATH}?edit=${encodeURIComponent(editId)}` : PAGE_PATH;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const editId = new URL(request.url).searchParams.get("edit");
  const result = await apiRequest<SiteDataEntry[]>(context, "/v1/admin/site/data/list");
  if (!result.ok) return { entries: [], editing: null, error: errorText(result.error) };
  return { entries: result.data, editing: result.data.find((entry) => entry.id === editId) ?? null, error: null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const editId = new URL(request.url).searchParams.get("edit");

  if (intent === "create") {
    const result = await apiRequest<SiteDataEntry>(context, "/v1/admin/site/data/new", { method: "POST" });
    if (!result.ok) return failureToast({ intent, result: null }, result.error);
    // The list reloads with the new entry open in the editor: a new entry is always made to be edited.
    return redirectWithSuccess(pageUrl(result.data.id), "Completed successfully!");
  }

  if (intent === "delete") {
    const submission = parseWithZod(formData, { schema: IdSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    const { id } = submission.value;
    const result = await apiRequest(context, `/v1/admin/site/data/entry/${encodeURIComponent(id)}`, { method: "DELETE" });
    if (!result.ok) return failureToast({ intent, result: submission.reply() }, result.error);
    return redirectWithSuccess(pageUrl(editId === id ? null : editId), "Completed successfully!");
  }

  if (intent === "save" || intent === "preview") {
    const submission = parseWithZod(formData, { schema: SiteDataEntrySchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    // The preview is rendered from the posted text: the form comes back with it, unsaved.
    if (intent === "preview") return { intent, result: submission.reply() };
    // The textarea is always posted: an emptied one means "no markdown", not "unchanged".
    const body = { ...submission.value, markdown: submission.value.markdown ?? "" };
    const result = await apiRequest<SiteDataEntry>(context, `/v1/admin/site/data/entry/${encodeURIComponent(body.id)}`, { body });
    if (!result.ok) return failureToast({ intent, result: submission.reply({ fieldErrors: fieldErrorsOf(result.error) }) }, result.error);
    return redirectWithSuccess(pageUrl(body.id), "Data updated successfully!");
  }

  return data({ intent, result: null }, { status: 400 });
}

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
        <button type="submit" name="intent" value="create" className="btn btn-primary" disabled={creating}>
          {creating ? "Creating..." : "New entry"}
        </button>
      </createFetcher.Form>

      {editing ? <SiteDataEditor key={editing.id + editing.updated_at} entry={editing} /> : null}

      {error ? (
        <p role="alert" className="mb-4 text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <TableWrap label="Site data entries">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">version num</th>
              <th scope="col">id</th>
              <th scope="col">type</th>
              <th scope="col">is_current</th>
              <th scope="col">markdown</th>
              <th scope="col">creation date</th>
              <th scope="col">actions</th>
            </tr>
          </thead>
          <tbody>
            {entries.length === 0 ? (
              <tr>
                <td colSpan={7}>No data available</td>
              </tr>
            ) : (
              entries.map((entry) => {
                const selected = editing?.id === entry.id;
                return (
                  <tr key={entry.id} aria-selected={selected} className={selected ? "bg-blue-50 dark:bg-blue-950" : undefined}>
                    <td>{entry.versionNum}</td>
                    <td className="font-mono">{shortId(entry.id)}</td>
                    <td>{entry.type}</td>
                    <td>{entry.is_current ? "True" : "False"}</td>
                    <td className="max-w-md break-words">{entry.markdown.slice(0, 100)}</td>
                    <td>
                      <Time value={entry.created_at} />
                    </td>
                    <td className="whitespace-nowrap">
                      <span className="flex gap-2">
                        {/* Edit on the row already being edited closes the editor (§2). */}
                        <Link
                          to={pageUrl(selected ? null : entry.id)}
                          className={`btn min-h-8 px-2 py-1 text-xs ${selected ? "btn-primary" : ""}`}
                          aria-label={`Edit version ${entry.versionNum} (${shortId(entry.id)})`}
                          aria-expanded={selected}
                          aria-controls={selected ? "site-data-editor-section" : undefined}
                          title={selected ? "Close the editor" : undefined}
                          preventScrollReset
                        >
                          Edit
                        </Link>
                        <DeleteButton id={entry.id} accessibleLabel={`Delete version ${entry.versionNum} (${shortId(entry.id)})`} />
                      </span>
                    </td>
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </TableWrap>
    </section>
  );
}

function SiteDataEditor({ entry }: { entry: SiteDataEntry }) {
  const fetcher = useFetcher<typeof action>();
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const location = useLocation();
  const reply = fetcher.data ?? actionData;
  const lastResult = reply && (reply.intent === "save" || reply.intent === "preview") ? reply.result : undefined;
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(SiteDataEntrySchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SiteDataEntrySchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { id: entry.id, type: entry.type, markdown: entry.markdown, is_current: entry.is_current ? "True" : "False" },
  });
  const saving = fetcher.state !== "idle";
  const markdown = typeof fields.markdown.value === "string" ? fields.markdown.value : "";
  return (
    <section id="site-data-editor-section" aria-labelledby="site-data-editor" className="card mb-6">
      <h2 id="site-data-editor" className="mb-3 text-lg font-semibold">
        Edit version {entry.versionNum} ({shortId(entry.id)})
      </h2>
      <fetcher.Form method="post" action={`${location.pathname}${location.search}`} {...getFormProps(form)} className="space-y-4">
        <input {...getInputProps(fields.id, { type: "hidden" })} />
        <fieldset>
          <legend className="label">is_current</legend>
          <div className="flex gap-4">
            {(["True", "False"] as const).map((value) => (
              <label key={value} className="inline-flex items-center gap-2 text-sm">
                <input {...getInputProps(fields.is_current, { type: "radio", value })} key={`${fields.is_current.key}-${value}`} />
                {value}
              </label>
            ))}
          </div>
          <FieldErrors id={fields.is_current.errorId} errors={fields.is_current.errors} />
        </fieldset>
        <div>
          <label htmlFor={fields.type.id} className="label">
            type
          </label>
          <input {...getInputProps(fields.type, { type: "text" })} className="input max-w-xs" list="site-data-types" />
          <datalist id="site-data-types">
            <option value="terms" />
            <option value="privacy" />
          </datalist>
          <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">Pick from {SITE_DATA_TYPE_HINT}</p>
          <FieldErrors id={fields.type.errorId} errors={fields.type.errors} />
        </div>
        <div className="grid gap-4 lg:grid-cols-2">
          <div>
            <label htmlFor={fields.markdown.id} className="label">
              markdown
            </label>
            <textarea {...getTextareaProps(fields.markdown)} className="input min-h-72 font-mono" />
            <FieldErrors id={fields.markdown.errorId} errors={fields.markdown.errors} />
          </div>
          <MarkdownPreview markdown={markdown} />
        </div>
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="flex gap-2">
          <button type="submit" name="intent" value="save" className="btn btn-primary" disabled={saving}>
            {saving ? "Saving..." : "Save Updates"}
          </button>
          {/* With JavaScript the preview follows the text; without, this renders it on the server. */}
          {hydrated ? null : (
            <button type="submit" name="intent" value="preview" className="btn" formNoValidate>
              Preview
            </button>
          )}
        </div>
      </fetcher.Form>
    </section>
  );
}
