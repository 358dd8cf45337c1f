import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Link, useActionData, useFetcher } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/wonder-tags";
import { TagChip } from "~/components/admin/tag-chip";
import { TableWrap } from "~/components/table-wrap";
import { DeleteButton } from "~/components/delete-button";
import { FieldErrors, FormErrors } from "~/components/field";
import { Time } from "~/components/time";
import { WonderTagSchema, type WonderTag } from "~/schemas/wonder";
import { apiRequest, fieldErrorsOf } from "~/utils/api.server";
import { errorText, failureToast } from "~/utils/api-feedback.server";
import { redirectWithSuccess } from "~/utils/toast.server";

const PAGE_PATH = "/admin/wonder/tags";
const IdSchema = z.object({ id: z.string().min(1, "Required.") });
// The form adds the id of the tag being renamed; /api takes it from the URL.
const TagFormSchema = WonderTagSchema.extend({ id: z.string().optional() });

function pageUrl(editId?: string | null): string {
  return editId ? `${PAGE_PATH}?edit=${encodeURIComponent(editId)}` : PAGE_PATH;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const editId = new URL(request.url).searchParams.get("edit");
  const result = await apiRequest<{ tags: WonderTag[] }>(context, "/admin/wonder/tags");
  if (!result.ok) return { tags: [], editing: null, error: errorText(result.error) };
  return { tags: result.data.tags, editing: result.data.tags.find((tag) => tag.id === editId) ?? null, error: null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const editId = new URL(request.url).searchParams.get("edit");

  if (intent === "delete") {
    const submission = parseWithZod(formData, { schema: IdSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    const { id } = submission.value;
    const result = await apiRequest(context, `/admin/wonder/tags/${encodeURIComponent(id)}`, { method: "DELETE" });
    if (!result.ok) return failureToast({ intent, result: submission.reply() }, result.error);
    return redirectWithSuccess(pageUrl(editId === id ? null : editId), "Completed successfully!");
  }

  if (intent === "save") {
    const submission = parseWithZod(formData, { schema: TagFormSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    const { id, ...body } = submission.value;
    const result = id
      ? await apiRequest<WonderTag>(context, `/admin/wonder/tags/${encodeURIComponent(id)}`, { method: "PUT", body })
      : await apiRequest<WonderTag>(context, "/admin/wonder/tags", { body });
    if (!result.ok) return failureToast({ intent, result: submission.reply({ fieldErrors: fieldErrorsOf(result.error) }) }, result.error);
    return redirectWithSuccess(PAGE_PATH, id ? "Data updated successfully!" : "Completed successfully!");
  }

  return data({ intent, result: null }, { status: 400 });
}

export const meta: Route.MetaFunction = () => [{ title: "Wonder Tags" }];

export default function WonderTags({ loaderData }: Route.ComponentProps) {
  const { tags, editing, error } = loaderData;
  return (
    <section>
      <h1 className="page-title">Wonder Tags</h1>
      <TagForm key={editing ? `${editing.id}-${editing.slug}-${editing.name}` : "new"} editing={editing} />
      {error ? (
        <p role="alert" className="mb-4 text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <TableWrap label="Tags">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">name</th>
              <th scope="col">slug</th>
              <th scope="col">items</th>
              <th scope="col">created</th>
              <th scope="col">actions</th>
            </tr>
          </thead>
          <tbody>
            {tags.length === 0 ? (
              <tr>
                <td colSpan={5}>No tags yet.</td>
              </tr>
            ) : (
              tags.map((tag) => (
                <tr key={tag.id} className={editing?.id === tag.id ? "bg-blue-50 dark:bg-blue-950" : undefined}>
                  <td>
                    <TagChip tag={tag} />
                  </td>
                  <td className="font-mono">{tag.slug}</td>
                  <td>
                    <Link to={`/admin/wonder/items?tag=${encodeURIComponent(tag.slug)}`} aria-label={`${tag.item_count} items tagged ${tag.name}`}>
                      {tag.item_count}
                    </Link>
                  </td>
                  <td>
                    <Time value={tag.created_at} />
                  </td>
                  <td className="whitespace-nowrap">
                    <span className="flex gap-2">
                      <Link to={pageUrl(tag.id)} className="btn min-h-8 px-2 py-1 text-xs" aria-label={`Edit tag ${tag.name}`}>
                        Edit
                      </Link>
                      <DeleteButton id={tag.id} accessibleLabel={`Delete tag ${tag.name}`} />
                    </span>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </TableWrap>
    </section>
  );
}

function TagForm({ editing }: { editing: WonderTag | null }) {
  const fetcher = useFetcher<typeof action>();
  const actionData = useActionData<typeof action>();
  const reply = fetcher.data ?? actionData;
  const lastResult = reply?.intent === "save" ? reply.result : undefined;
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(TagFormSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TagFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: editing ? { id: editing.id, name: editing.name, slug: editing.slug, color: editing.color ?? undefined } : undefined,
  });
  const busy = fetcher.state !== "idle";
  return (
    <section aria-labelledby="tag-form" className="card mb-6">
      <h2 id="tag-form" className="mb-3 text-lg font-semibold">
        {editing ? `Edit tag ${editing.name}` : "New tag"}
      </h2>
      <fetcher.Form method="post" action={pageUrl(editing?.id)} {...getFormProps(form)} className="space-y-4">
        <input {...getInputProps(fields.id, { type: "hidden" })} />
        <div className="grid gap-4 sm:grid-cols-3">
          <div>
            <label htmlFor={fields.name.id} className="label">
              name
            </label>
            <input {...getInputProps(fields.name, { type: "text" })} className="input" autoComplete="off" />
            <FieldErrors id={fields.name.errorId} errors={fields.name.errors} />
          </div>
          <div>
            <label htmlFor={fields.slug.id} className="label">
              slug
            </label>
            <input {...getInputProps(fields.slug, { type: "text" })} className="input font-mono" autoComplete="off" />
            <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">Left empty, it is made from the name.</p>
            <FieldErrors id={fields.slug.errorId} errors={fields.slug.errors} />
          </div>
          <div>
            <label htmlFor={fields.color.id} className="label">
              colour (optional)
            </label>
            <input {...getInputProps(fields.color, { type: "text" })} className="input font-mono" placeholder="#3366ff" autoComplete="off" />
            <FieldErrors id={fields.color.errorId} errors={fields.color.errors} />
          </div>
        </div>
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="flex gap-2">
          <button type="submit" name="intent" value="save" className="btn btn-primary" disabled={busy}>
            {busy ? "Saving..." : editing ? "Save Changes" : "Create"}
          </button>
          {editing ? (
            <Link to={PAGE_PATH} className="btn">
              New tag
            </Link>
          ) : null}
        </div>
      </fetcher.Form>
    </section>
  );
}
