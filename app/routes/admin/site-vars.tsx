import { getFormProps, getInputProps } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { data, useActionData, useFetcher, useLoaderData, useLocation } from "react-router";
import { Link } from "#app/components/link.tsx";
import { z } from "zod";
import type { Route } from "./+types/site-vars";
import { FormCard } from "#app/components/admin/form-card.tsx";
import { JsonValueField } from "#app/components/admin/json-value-field.tsx";
import { EditLink, editedRowClass, editUrl, RowActions } from "#app/components/admin/row-actions.tsx";
import { DataTable } from "#app/components/data-table.tsx";
import { DeleteButton } from "#app/components/delete-button.tsx";
import { ErrorAlert } from "#app/components/error-alert.tsx";
import { Field, FormErrors, InputField, SelectField, SubmitButton } from "#app/components/field.tsx";
import { Time } from "#app/components/time.tsx";
import {
  formatSiteVarValue,
  SiteVarSchema,
  type SiteVar,
  type SiteVarSavedResponse,
} from "#shared/contract/site-vars.ts";
import { SITE_VAR_TYPES, type SiteVarType } from "#shared/contract/site-vars-vocabulary.ts";
import { ADMIN_PATHS } from "#shared/admin-menu.ts";
import { jsonTextsAt } from "#shared/stored-json.ts";
import { apiRequest } from "#app/utils/api.server.ts";
import { errorText } from "#app/utils/api-feedback.server.ts";
import { useHydrated } from "#app/utils/hydrated.ts";
import { invalidateSiteSettings } from "#app/utils/site-settings.server.ts";
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

const PAGE_PATH = ADMIN_PATHS.siteVars;
const DeleteSchema = z.object({ id: z.coerce.number().int().positive() });
/** The browser's copy of the form's check, loaded after the page (see useDeferredZodForm). */
const loadSiteVarCheck = deferredZodCheck(
  () => import("#shared/contract/site-vars.ts"),
  (schemas) => schemas.SiteVarSchema,
);

const pageUrl = (editId?: number | string | null) => editUrl(PAGE_PATH, editId);

/** A var with its value as the page shows and edits it: a json var's text exactly as saved. */
type ListedSiteVar = SiteVar & { value_text: string };

async function listSiteVars(context: Route.LoaderArgs["context"]) {
  const result = await apiRequest<SiteVar[]>(context, "/admin/site/vars/list");
  if (!result.ok) return { vars: [], error: errorText(result.error) };
  // The parsed answer may have lost a json value's digits or key order: its text is read from the answer's text.
  const jsonTexts = jsonTextsAt(result.text ?? "", ["*", "val_object_json", "val"]);
  const vars: ListedSiteVar[] = result.data.map((siteVar, index) => ({
    ...siteVar,
    value_text: formatSiteVarValue(siteVar.val_type, siteVar.val_object_json.val, jsonTexts[index]),
  }));
  return { vars, error: null };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const editId = new URL(request.url).searchParams.get("edit");
  const { vars, error } = await listSiteVars(context);
  return {
    vars,
    editing: vars.find((siteVar) => String(siteVar.id) === editId) ?? null,
    error,
    constraint: getZodConstraint(SiteVarSchema),
  };
}

export const action = declaredAction(
  formFields(SiteVarSchema, DeleteSchema, DELETE_BUTTON_FIELDS),
  async ({ request, context }: Route.ActionArgs) => {
    const { formData, intent } = await postedForm(request);

    if (DELETE_INTENTS.includes(intent)) {
      return deleteAction(context, formData, {
        schema: DeleteSchema,
        apiPath: (id) => `/admin/site/var/${id}`,
        onDeleted: invalidateSiteSettings,
        redirectTo: listAfterDelete(request, pageUrl),
        // Undo creates the var again (a new id) with its value's text as saved; a secret var's value never reaches
        // this tier, so it has no Undo.
        undo: async (id) => {
          const siteVar = (await listSiteVars(context)).vars.find((listed) => listed.id === id);
          if (!siteVar || siteVar.secret) return null;
          return { key: siteVar.named_key, sv_val: siteVar.value_text, sv_val_type: siteVar.val_type };
        },
      });
    }

    if (intent === "restore") {
      return saveAction(formData, {
        intent,
        schema: SiteVarSchema.omit({ id: true }),
        save: (body) => apiRequest<SiteVarSavedResponse>(context, "/admin/site/vars", { body }),
        onSaved: invalidateSiteSettings,
        redirectTo: () => pageUrl(),
        message: (siteVar) => `Restored ${siteVar.key}.`,
      });
    }

    if (intent === "save") {
      return saveAction(formData, {
        intent,
        schema: SiteVarSchema,
        save: (body) => apiRequest<SiteVarSavedResponse>(context, "/admin/site/vars", { body }),
        onSaved: invalidateSiteSettings,
        // After creating, the new var is the one being edited.
        redirectTo: (saved) => pageUrl(saved.obj.id),
        message: "Data updated successfully!",
      });
    }

    return data({ intent, result: null }, { status: 400 });
  },
);

export const meta: Route.MetaFunction = () => [{ title: "Site Vars" }];

export default function SiteVars({ loaderData }: Route.ComponentProps) {
  const { vars, editing, error } = loaderData;
  const location = useLocation();
  return (
    <section>
      <h1 className="page-title">Site Vars</h1>
      {/* A fresh form on every navigation, as a page load gives without JavaScript (a Create's values would stay). */}
      <SiteVarForm
        key={
          editing ? `${location.key}-${editing.id}-${editing.value_text}-${editing.named_key}` : `${location.key}-new`
        }
        editing={editing}
      />
      <ErrorAlert message={error} />
      <DataTable
        label="Site vars"
        columns={["Actions", "Key", "Type", "Value", "Created"]}
        rows={vars}
        empty="No site vars yet."
      >
        {(siteVar) => (
          <tr key={siteVar.id} className={editedRowClass(editing?.id === siteVar.id)}>
            <RowActions>
              {/* A new location: the router scrolls to the top, where the form is now filled. */}
              <EditLink to={pageUrl(siteVar.id)} label={`Edit ${siteVar.named_key}`} />
              <DeleteButton id={String(siteVar.id)} accessibleLabel={`Delete ${siteVar.named_key}`} />
            </RowActions>
            <td className="font-mono">{siteVar.named_key}</td>
            <td>{siteVar.val_type}</td>
            <td className="max-w-md">
              {siteVar.secret ? (
                <code className="font-mono text-xs" aria-label="secret value, not shown">
                  {SECRET_MASK}
                </code>
              ) : (
                <code className="font-mono text-xs break-all whitespace-pre-wrap">
                  {truncate(siteVar.value_text, 300)}
                </code>
              )}
            </td>
            <td>
              <Time value={siteVar.created_at} />
            </td>
          </tr>
        )}
      </DataTable>
    </section>
  );
}

const SECRET_MASK = "••••••••";

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

const SiteVarForm = withDeferredForm(function SiteVarForm({ editing }: { editing: ListedSiteVar | null }) {
  const fetcher = useFetcher<typeof action>();
  const actionData = useActionData<typeof action>();
  const { constraint } = useLoaderData<typeof loader>();
  const reply = fetcher.data ?? actionData;
  const lastResult = reply?.intent === "save" ? reply.result : undefined;
  const [form, fields] = useDeferredZodForm<z.input<typeof SiteVarSchema>, z.output<typeof SiteVarSchema>>(
    loadSiteVarCheck,
    constraint,
    {
      lastResult,
      defaultValue: editing
        ? {
            id: String(editing.id),
            key: editing.named_key,
            // A secret var's value is never sent to the page: left empty, Save keeps it.
            sv_val: editing.secret ? "" : editing.value_text,
            sv_val_type: editing.val_type,
          }
        : { sv_val_type: "str" },
    },
  );
  // The value field changes shape with the type, so both live in state; Conform reads them from the form on submit.
  const [valueType, setValueType] = useState<SiteVarType>(() => {
    const initial = fields.sv_val_type.initialValue;
    return SITE_VAR_TYPES.includes(initial as SiteVarType) ? (initial as SiteVarType) : "str";
  });
  const [value, setValue] = useState(() =>
    typeof fields.sv_val.initialValue === "string" ? fields.sv_val.initialValue : "",
  );
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
    if (picked instanceof HTMLSelectElement && SITE_VAR_TYPES.includes(picked.value as SiteVarType))
      setValueType(picked.value as SiteVarType);
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
    <FormCard titleId="site-var-form" title={editing ? `Edit ${editing.named_key}` : "New site var"}>
      <fetcher.Form
        ref={formRef}
        method="post"
        action={editing ? pageUrl(editing.id) : PAGE_PATH}
        {...getFormProps(form)}
        className="space-y-4"
      >
        <input {...getInputProps(fields.id, { type: "hidden" })} />
        <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
          <InputField field={fields.key} label="named key" autoComplete="off" />
          <SelectField
            field={fields.sv_val_type}
            label="value type"
            options={SITE_VAR_TYPES}
            defaultValue={valueType}
            onChange={(event) => changeType(event.target.value as SiteVarType)}
          />
        </div>
        <Field
          field={fields.sv_val}
          label="value"
          hint={
            editing?.secret
              ? "Secret: stored encrypted and never shown. Leave empty to keep the saved value."
              : undefined
          }
        >
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
        </Field>
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="flex gap-2">
          <SubmitButton intent="save" busy={saving} busyLabel="Saving...">
            {editing ? "Save Changes" : "Create"}
          </SubmitButton>
          {editing ? (
            <Link to={PAGE_PATH} className="btn">
              New var
            </Link>
          ) : null}
        </div>
      </fetcher.Form>
    </FormCard>
  );
});
