// The wonder item form of the create and edit pages: title, slug (made from the title unless typed), summary,
// markdown body with its preview, image URL, status and tags.
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import { MarkdownPreview } from "~/components/admin/markdown-preview";
import { FieldErrors, FormErrors } from "~/components/field";
import { slugify, WONDER_STATUSES, WonderItemSchema, type WonderItem, type WonderTag } from "~/schemas/wonder";
import { useHydrated } from "~/utils/hydrated";

export interface WonderItemFormReply {
  intent: string;
  result: SubmissionResult<string[]> | null;
}

export function WonderItemForm({
  item,
  tags,
  actionData,
  submitLabel,
}: {
  item: WonderItem | null;
  tags: WonderTag[];
  /** The route's useActionData(): the reply to a post made without JavaScript. */
  actionData: WonderItemFormReply | undefined;
  submitLabel: string;
}) {
  const fetcher = useFetcher<WonderItemFormReply>();
  const hydrated = useHydrated();
  const reply = fetcher.data ?? actionData;
  const lastResult = reply && (reply.intent === "save" || reply.intent === "preview") ? reply.result : undefined;
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(WonderItemSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: WonderItemSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: item
      ? {
          title: item.title,
          slug: item.slug,
          summary: item.summary,
          body_markdown: item.body_markdown,
          image_url: item.image_url ?? undefined,
          status: item.status,
          tag_ids: item.tags.map((tag) => tag.id),
        }
      : { status: "draft" },
  });
  const busy = fetcher.state !== "idle";
  const title = typeof fields.title.value === "string" ? fields.title.value : "";
  const body = typeof fields.body_markdown.value === "string" ? fields.body_markdown.value : "";
  const chosen = new Set([fields.tag_ids.initialValue].flat().filter((id): id is string => typeof id === "string"));
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={fields.title.id} className="label">
            title
          </label>
          <input {...getInputProps(fields.title, { type: "text" })} className="input" autoComplete="off" />
          <FieldErrors id={fields.title.errorId} errors={fields.title.errors} />
        </div>
        <div>
          <label htmlFor={fields.slug.id} className="label">
            slug
          </label>
          <input {...getInputProps(fields.slug, { type: "text" })} className="input font-mono" placeholder={slugify(title) || undefined} autoComplete="off" />
          <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">Left empty, it is made from the title.</p>
          <FieldErrors id={fields.slug.errorId} errors={fields.slug.errors} />
        </div>
      </div>
      <div>
        <label htmlFor={fields.summary.id} className="label">
          summary
        </label>
        <textarea {...getTextareaProps(fields.summary)} className="input min-h-16" />
        <FieldErrors id={fields.summary.errorId} errors={fields.summary.errors} />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <div>
          <label htmlFor={fields.body_markdown.id} className="label">
            body (markdown)
          </label>
          <textarea {...getTextareaProps(fields.body_markdown)} className="input min-h-64 font-mono" />
          <FieldErrors id={fields.body_markdown.errorId} errors={fields.body_markdown.errors} />
        </div>
        <MarkdownPreview markdown={body} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={fields.image_url.id} className="label">
            image URL (optional)
          </label>
          <input {...getInputProps(fields.image_url, { type: "url" })} className="input" placeholder="https://…" autoComplete="off" />
          <FieldErrors id={fields.image_url.errorId} errors={fields.image_url.errors} />
        </div>
        <div>
          <label htmlFor={fields.status.id} className="label">
            status
          </label>
          <select {...getSelectProps(fields.status)} className="input">
            {WONDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
          <FieldErrors id={fields.status.errorId} errors={fields.status.errors} />
        </div>
      </div>
      <fieldset>
        <legend className="label">tags</legend>
        {tags.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            No tags yet: <a href="/admin/wonder/tags">create some</a>.
          </p>
        ) : (
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {tags.map((tag) => (
              <label key={tag.id} className="inline-flex items-center gap-2 text-sm">
                <input type="checkbox" name={fields.tag_ids.name} value={tag.id} defaultChecked={chosen.has(tag.id)} />
                {tag.name}
              </label>
            ))}
          </div>
        )}
        <FieldErrors id={fields.tag_ids.errorId} errors={fields.tag_ids.errors ?? Object.values(fields.tag_ids.allErrors).flat()} />
      </fieldset>
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="flex gap-2">
        <button type="submit" name="intent" value="save" className="btn btn-primary" disabled={busy}>
          {busy ? "Saving..." : submitLabel}
        </button>
        {hydrated ? null : (
          <button type="submit" name="intent" value="preview" className="btn" formNoValidate>
            Preview
          </button>
        )}
      </div>
    </fetcher.Form>
  );
}
