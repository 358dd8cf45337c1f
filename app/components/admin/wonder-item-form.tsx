// The wonder item form of the create and edit pages: title, slug (made from the title unless typed), summary,
// markdown body with its preview, image URL, status and tags.
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useFetcher } from "react-router";
import { ADMIN_PATHS } from "#shared/admin-menu.ts";
import { MarkdownPreview, PreviewButton } from "#app/components/admin/markdown-preview.tsx";
import {
  FieldErrors,
  FormErrors,
  InputField,
  SelectField,
  SubmitButton,
  TextareaField,
} from "#app/components/field.tsx";
import type { z } from "zod";
import type { WonderItem, WonderItemSchema, WonderTag } from "#shared/contract/wonder.ts";
import { slugify, WONDER_STATUSES } from "#shared/contract/wonder-vocabulary.ts";
import {
  deferredZodCheck,
  useDeferredZodForm,
  withDeferredForm,
  type FormConstraint,
} from "#app/utils/use-deferred-zod-form.ts";

/** The browser's copy of the actions' check, loaded after the page (see useDeferredZodForm). */
const loadItemCheck = deferredZodCheck(
  () => import("#shared/contract/wonder.ts"),
  (schemas) => schemas.WonderItemSchema,
);

export interface WonderItemFormReply {
  intent: string;
  result: SubmissionResult<string[]> | null;
}

export const WonderItemForm = withDeferredForm(function WonderItemForm({
  item,
  tags,
  constraint,
  actionData,
  submitLabel,
}: {
  item: WonderItem | null;
  tags: WonderTag[];
  /** The loader's getZodConstraint(WonderItemSchema). */
  constraint: FormConstraint;
  /** The route's useActionData(): the reply to a post made without JavaScript. */
  actionData: WonderItemFormReply | undefined;
  submitLabel: string;
}) {
  const fetcher = useFetcher<WonderItemFormReply>();
  const reply = fetcher.data ?? actionData;
  const lastResult = reply && (reply.intent === "save" || reply.intent === "preview") ? reply.result : undefined;
  const [form, fields] = useDeferredZodForm<z.input<typeof WonderItemSchema>, z.output<typeof WonderItemSchema>>(
    loadItemCheck,
    constraint,
    {
      lastResult,
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
    },
  );
  const busy = fetcher.state !== "idle";
  const title = typeof fields.title.value === "string" ? fields.title.value : "";
  const body = typeof fields.body_markdown.value === "string" ? fields.body_markdown.value : "";
  const chosen = new Set([fields.tag_ids.initialValue].flat().filter((id): id is string => typeof id === "string"));
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField field={fields.title} label="title" autoComplete="off" />
        <InputField
          field={fields.slug}
          label="slug"
          className="input font-mono"
          placeholder={slugify(title) || undefined}
          autoComplete="off"
          hint="Left empty, it is made from the title."
        />
      </div>
      <TextareaField field={fields.summary} label="summary" className="input min-h-16" />
      <div className="grid gap-4 lg:grid-cols-2">
        <TextareaField field={fields.body_markdown} label="body (markdown)" className="input min-h-64 font-mono" />
        <MarkdownPreview markdown={body} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          field={fields.image_url}
          label="image URL (optional)"
          type="url"
          placeholder="https://…"
          autoComplete="off"
        />
        <SelectField field={fields.status} label="status" options={WONDER_STATUSES} />
      </div>
      <fieldset>
        <legend className="label">tags</legend>
        {tags.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            No tags yet: <a href={ADMIN_PATHS.wonderTags}>create some</a>.
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
        <FieldErrors
          id={fields.tag_ids.errorId}
          errors={fields.tag_ids.errors ?? Object.values(fields.tag_ids.allErrors).flat()}
        />
      </fieldset>
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="flex gap-2">
        <SubmitButton intent="save" busy={busy} busyLabel="Saving...">
          {submitLabel}
        </SubmitButton>
        <PreviewButton />
      </div>
    </fetcher.Form>
  );
});
