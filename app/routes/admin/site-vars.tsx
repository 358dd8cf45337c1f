import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState } from "react";
import { data, Link, useActionData, useFetcher } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/site-vars";
import { JSON_INDENT } from "~/components/admin/json-indent";
import { JsonValueField } from "~/components/admin/json-value-field";
import { TableWrap } from "~/components/table-wrap";
import { DeleteButton } from "~/components/delete-button";
import { FieldErrors, FormErrors } from "~/components/field";
import { Time } from "~/components/time";
import { formatSiteVarValue, SITE_VAR_TYPES, SiteVarSchema, type SiteVar, type SiteVarType } from "~/schemas/site-vars";
import { apiRequest, fieldErrorsOf } from "~/utils/api.server";
import { useHydrated } from "~/utils/hydrated";
import { errorText, failureToast } from "~/utils/api-feedback.server";
import { invalidateSiteSettings } from "~/utils/site-settings.server";
import { redirectWithSuccess } from "~/utils/toast.server";

const PAGE_PATH = "/admin/common/site/vars";
const DeleteSchema = z.object({ id: z.coerce.number().int().positive() });

function pageUrl(editId?: number | string | null): string {
  return editId ? `${PAGE_PATH}?edit=${encodeURIComponent(String(editId))}` : PAGE_PATH;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const editId = Number(new URL(request.url).searchParams.get("edit"));
  const result = await apiRequest<SiteVar[]>(context, "/admin/site/vars/list");
  if (!result.ok) return { vars: [], editing: null, error: errorText(result.error) };
  return { vars: result.data, editing: result.data.find((v) => v.id === editId) ?? null, error: null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const editId = new URL(request.url).searchParams.get("edit");

  if (intent === "delete") {
    const submission = parseWithZod(formData, { schema: DeleteSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    const { id } = submission.value;
    const result = await apiRequest(context, `/admin/site/var/${id}`, { method: "DELETE" });
    if (!result.ok) return failureToast({ intent, result: submission.reply() }, result.error);
    invalidateSiteSettings();
    return redirectWithSuccess(pageUrl(editId === String(id) ? null : editId), "Completed successfully!");
  }

  if (intent === "save") {
    const submission = parseWithZod(formData, { schema: SiteVarSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    const result = await apiRequest<{ obj: SiteVar }>(context, "/admin/site/vars", { body: submission.value });
    if (!result.ok) return failureToast({ intent, result: submission.reply({ fieldErrors: fieldErrorsOf(result.error) }) }, result.error);
    invalidateSiteSettings();
    // §4: after creating, the new var is the one being edited.
    return redirectWithSuccess(pageUrl(result.data.obj.id), "Data updated successfully!");
  }

  return data({ intent, result: null }, { status: 400 });
}

export const meta: Route.MetaFunction = () => [{ title: "Site Vars" }];

export default function SiteVars({ loaderData }: Route.ComponentProps) {
  const { vars, editing, error } = loaderData;
  return (
    <section>
      <h1 className="page-title">Site Vars</h1>
      <SiteVarForm key={editing ? `${editing.id}-${JSON.stringify(editing.val_object_json)}-${editing.named_key}` : "new"} editing={editing} />
      {error ? (
        <p role="alert" className="mb-4 text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <TableWrap label="Site vars">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">actions</th>
              <th scope="col">named_key</th>
              <th scope="col">val_type</th>
              <th scope="col">value</th>
              <th scope="col">date created</th>
            </tr>
          </thead>
          <tbody>
            {vars.length === 0 ? (
              <tr>
                <td colSpan={5}>No site vars yet.</td>
              </tr>
            ) : (
              vars.map((siteVar) => (
                <tr key={siteVar.id} className={editing?.id === siteVar.id ? "bg-blue-50 dark:bg-blue-950" : undefined}>
                  <td className="whitespace-nowrap">
                    <span className="flex gap-2">
                      {/* A new location: the router scrolls to the top, where the form is now filled (§2). */}
                      <Link to={pageUrl(siteVar.id)} className="btn min-h-8 px-2 py-1 text-xs" aria-label={`Edit ${siteVar.named_key}`}>
                        Edit
                      </Link>
                      <DeleteButton id={String(siteVar.id)} accessibleLabel={`Delete ${siteVar.named_key}`} />
                    </span>
                  </td>
                  <td className="font-mono">{siteVar.named_key}</td>
                  <td>{siteVar.val_type}</td>
                  <td className="max-w-md">
                    <code className="font-mono text-xs break-all whitespace-pre-wrap">{truncate(formatSiteVarValue(siteVar.val_type, siteVar.val_object_json.val), 300)}</code>
                  </td>
                  <td>
                    <Time value={siteVar.created_at} />
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

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function SiteVarForm({ editing }: { editing: SiteVar | null }) {
  const fetcher = useFetcher<typeof action>();
  const actionData = useActionData<typeof action>();
  const reply = fetcher.data ?? actionData;
  const lastResult = reply?.intent === "save" ? reply.result : undefined;
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(SiteVarSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SiteVarSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: editing
      ? {
          id: String(editing.id),
          key: editing.named_key,
          sv_val: formatSiteVarValue(editing.val_type, editing.val_object_json.val, JSON_INDENT),
          sv_val_type: editing.val_type,
        }
      : { sv_val_type: "str" },
  });
  // The value field changes shape with the type, so both live in state; Conform reads them from the form on submit.
  const [valueType, setValueType] = useState<SiteVarType>(() => {
    const initial = fields.sv_val_type.initialValue;
    return SITE_VAR_TYPES.includes(initial as SiteVarType) ? (initial as SiteVarType) : "str";
  });
  const [value, setValue] = useState(() => (typeof fields.sv_val.initialValue === "string" ? fields.sv_val.initialValue : ""));
  const hydrated = useHydrated();
  const saving = fetcher.state !== "idle";
  const valueErrors = fields.sv_val.errors;
  // What was typed or picked before the page hydrated is taken over, not reset to the server's values.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const elements = formRef.current?.elements;
    const typed = elements?.namedItem("sv_val");
    const picked = elements?.namedItem("sv_val_type");
    if (typed instanceof HTMLTextAreaElement || typed instanceof HTMLInputElement) setValue(typed.value);
    if (picked instanceof HTMLSelectElement && SITE_VAR_TYPES.includes(picked.value as SiteVarType)) setValueType(picked.value as SiteVarType);
  }, []);
  // Uncontrolled (defaultValue), so hydration never overwrites what is in the field; state follows every change.
  const valueProps = {
    id: fields.sv_val.id,
    name: fields.sv_val.name,
    defaultValue: value,
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValue(event.target.value),
    "aria-invalid": valueErrors ? true : undefined,
    "aria-describedby": valueErrors ? fields.sv_val.errorId : undefined,
  };

  function changeType(next: SiteVarType) {
    // Text that is not JSON becomes a JSON string, so switching to json never loses what was typed;
    // an empty value starts as an empty object for the tree.
    if (next === "json") {
      if (!value.trim()) setValue("{}");
      else {
        try {
          JSON.parse(value);
        } catch {
          setValue(JSON.stringify(value));
        }
      }
    }
    setValueType(next);
  }

  return (
    <section aria-labelledby="site-var-form" className="card mb-6">
      <h2 id="site-var-form" className="mb-3 text-lg font-semibold">
        {editing ? `Edit ${editing.named_key}` : "New site var"}
      </h2>
      <fetcher.Form ref={formRef} method="post" action={editing ? pageUrl(editing.id) : PAGE_PATH} {...getFormProps(form)} className="space-y-4">
        <input {...getInputProps(fields.id, { type: "hidden" })} />
        <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
          <div>
            <label htmlFor={fields.key.id} className="label">
              named key
            </label>
            <input {...getInputProps(fields.key, { type: "text" })} className="input" autoComplete="off" />
            <FieldErrors id={fields.key.errorId} errors={fields.key.errors} />
          </div>
          <div>
            <label htmlFor={fields.sv_val_type.id} className="label">
              value type
            </label>
            <select
              id={fields.sv_val_type.id}
              name={fields.sv_val_type.name}
              defaultValue={valueType}
              onChange={(event) => changeType(event.target.value as SiteVarType)}
              className="input"
              aria-invalid={fields.sv_val_type.errors ? true : undefined}
              aria-describedby={fields.sv_val_type.errors ? fields.sv_val_type.errorId : undefined}
            >
              {SITE_VAR_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
            <FieldErrors id={fields.sv_val_type.errorId} errors={fields.sv_val_type.errors} />
          </div>
        </div>
        <div>
          <label htmlFor={fields.sv_val.id} className="label">
            value
          </label>
          {!hydrated ? (
            // Without JavaScript one textarea serves every type, JSON included.
            <textarea {...valueProps} className="input min-h-24 font-mono" spellCheck={false} />
          ) : valueType === "json" ? (
            <JsonValueField
              id={fields.sv_val.id}
              name={fields.sv_val.name}
              value={value}
              onChange={setValue}
              label="value as a JSON tree"
              invalid={Boolean(valueErrors)}
              describedBy={valueErrors ? fields.sv_val.errorId : undefined}
            />
          ) : (
            <input {...valueProps} className="input" autoComplete="off" />
          )}
          <FieldErrors id={fields.sv_val.errorId} errors={valueErrors} />
        </div>
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="flex gap-2">
          <button type="submit" name="intent" value="save" className="btn btn-primary" disabled={saving}>
            {saving ? "Saving..." : editing ? "Save Changes" : "Create"}
          </button>
          {editing ? (
            <Link to={PAGE_PATH} className="btn">
              New var
            </Link>
          ) : null}
        </div>
      </fetcher.Form>
    </section>
  );
}
