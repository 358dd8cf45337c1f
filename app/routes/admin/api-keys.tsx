import { getFormProps, getInputProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { data, Form, useActionData, useLoaderData, useLocation, useNavigation } from "react-router";
import { Link } from "#app/components/link.tsx";
import { z } from "zod";
import type { Route } from "./+types/api-keys";
import { EditLink, editedRowClass, editUrl, RowActions } from "#app/components/admin/row-actions.tsx";
import { CopyButton } from "#app/components/copy-button.tsx";
import { DataTable } from "#app/components/data-table.tsx";
import { DeleteButton } from "#app/components/delete-button.tsx";
import { ErrorAlert } from "#app/components/error-alert.tsx";
import { Field, FormErrors, InputField, SubmitButton } from "#app/components/field.tsx";
import { ScopeBoxes, ScopeList } from "#app/components/admin/api-key-scopes.tsx";
import { Time } from "#app/components/time.tsx";
import { sessionContext, userContext } from "#app/context.ts";
import { ADMIN_PATHS } from "#shared/admin-menu.ts";
import {
  ApiKeySchema,
  type ApiKeyListResponse,
  type ApiKeyRecord,
  type ApiKeySavedResponse,
  type ApiKeySecretResponse,
} from "#shared/contract/api-keys.ts";
import {
  API_KEY_SCOPES,
  DEFAULT_API_KEY_SCOPES,
  GENERATED_KEY_BYTES,
  generateApiKey,
  isProtectedKey,
} from "#shared/contract/api-keys-vocabulary.ts";
import { apiRequest } from "#app/utils/api.server.ts";
import { useHydrated } from "#app/utils/hydrated.ts";
import { pageMeta } from "#app/utils/meta.ts";
import { deferredZodCheck, useDeferredZodForm, withDeferredForm } from "#app/utils/use-deferred-zod-form.ts";
import {
  DELETE_INTENTS,
  deleteAction,
  loadListForEditing,
  postedForm,
  restoreHeldAction,
  saveAction,
  DELETE_BUTTON_FIELDS,
} from "./actions.server";
import { declaredAction, formFields, textFields } from "#app/utils/form-fields.ts";

const PAGE_PATH = ADMIN_PATHS.apiKeys;
/** The My session block shows this much of the token; the whole token is copied or revealed on demand. */
const SESSION_TOKEN_SHOWN = 8;
const DeleteSchema = z.object({ id: z.uuid("The key is not a valid id.") });
const NO_REVEAL = { generated: null, revealed: null, revealedSession: null };
/** The browser's copy of the form's check, loaded after the page (see useDeferredZodForm). */
const loadApiKeyCheck = deferredZodCheck(
  () => import("#shared/contract/api-keys.ts"),
  (schemas) => schemas.ApiKeySchema,
);

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const {
    items: keys,
    editing,
    error,
  } = await loadListForEditing(context, request, "/v1/admin/api_keys", (answer: ApiKeyListResponse) => answer.api_keys);
  const session = context.get(sessionContext);
  return {
    keys,
    error,
    editing,
    editMissing: Boolean(url.searchParams.get("edit") && !error && !editing),
    // Reset: the fields are cleared, the row stays selected.
    reset: url.searchParams.has("reset"),
    currentUserId: context.get(userContext).id,
    // Only a prefix goes into the page: its HTML and hydration data are not a place for the token.
    sessionTokenPrefix: `${(session.sessionToken ?? "").slice(0, SESSION_TOKEN_SHOWN)}…`,
    constraint: getZodConstraint(ApiKeySchema),
  };
}

export const action = declaredAction(
  formFields(ApiKeySchema, DeleteSchema, textFields("edit_id"), DELETE_BUTTON_FIELDS),
  async ({ request, context }: Route.ActionArgs) => {
    const { formData, intent } = await postedForm(request);

    if (DELETE_INTENTS.includes(intent)) {
      return deleteAction(context, formData, {
        schema: DeleteSchema,
        apiPath: (id) => `/v1/admin/api_keys/${id}`,
        redirectTo: () => PAGE_PATH,
        // The key comes back from the server's hold, digest and sealed secret included, never through the page.
        held: true,
        extra: NO_REVEAL,
      });
    }
    if (intent === "restore") {
      return restoreHeldAction(context, formData, {
        redirectTo: PAGE_PATH,
        failed: { intent, result: null, ...NO_REVEAL },
      });
    }

    // Without JavaScript a Reveal button posts here: this answer, and no other, shows that one secret in full.
    if (intent === "reveal") {
      const parsed = DeleteSchema.safeParse({ id: formData.get("id") });
      if (!parsed.success) return data({ intent, result: null, ...NO_REVEAL }, { status: 400 });
      const secret = await apiRequest<ApiKeySecretResponse>(context, `/v1/admin/api_keys/${parsed.data.id}/secret`);
      const revealed = secret.ok ? { id: parsed.data.id, api_key: secret.data.api_key } : null;
      return data({ intent, result: null, ...NO_REVEAL, revealed }, { headers: { "Cache-Control": "no-store" } });
    }
    if (intent === "reveal-session") {
      const revealedSession = context.get(sessionContext).sessionToken;
      return data(
        { intent, result: null, ...NO_REVEAL, revealedSession },
        { headers: { "Cache-Control": "no-store" } },
      );
    }

    // Without JavaScript the Generate button posts here and gets the form back with a new key (and the rest as posted).
    if (intent === "generate") {
      const ticked = formData.getAll("scopes");
      const generated = {
        edit_id: String(formData.get("edit_id") ?? ""),
        service_name: String(formData.get("service_name") ?? ""),
        api_key: generateApiKey(),
        scopes: API_KEY_SCOPES.filter((scope) => ticked.includes(scope)),
      };
      return data({ intent, result: null, ...NO_REVEAL, generated });
    }

    return saveAction(formData, {
      intent,
      schema: ApiKeySchema,
      // The form always shows every scope's box, so none ticked means none (the API keeps the scopes of an edit that
      // leaves them out).
      save: (body) =>
        apiRequest<ApiKeySavedResponse>(context, "/v1/admin/api_keys", {
          body: { ...body, scopes: body.scopes ?? [] },
        }),
      redirectTo: () => PAGE_PATH,
      message: "API Key saved successfully!",
      extra: NO_REVEAL,
    });
  },
);

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "API Keys", noIndex: true });

export default function ApiKeys({ loaderData }: Route.ComponentProps) {
  const { keys, error, editing, editMissing, reset, currentUserId, sessionTokenPrefix } = loaderData;
  const location = useLocation();
  const actionData = useActionData<typeof action>();
  const revealed = actionData?.revealed ?? null;
  return (
    <section>
      <h1 className="page-title">API Keys</h1>
      <ErrorAlert message={error} />
      <DataTable
        label="API keys"
        className="mb-6"
        columns={["#", "Service Name", "API Key", "Created Date", "Creator ID", "Actions"]}
        rows={keys}
        empty="No API keys yet."
        stacked
      >
        {(key, index) => (
          <tr key={key.id} aria-selected={editing?.id === key.id} className={editedRowClass(editing?.id === key.id)}>
            <td>{index + 1}</td>
            <td data-label="Service Name">
              {key.service_name}
              <ScopeList scopes={key.scopes} serviceName={key.service_name} />
            </td>
            <td data-label="API Key">
              <div className="flex flex-wrap items-center gap-2">
                {key.api_key === null ? (
                  <span className="text-red-700 dark:text-red-400">Cannot be decrypted (ENCRYPTION_KEY changed)</span>
                ) : (
                  <>
                    <code className="break-all text-xs" data-testid="api-key">
                      {revealed?.id === key.id ? revealed.api_key : key.api_key}
                    </code>
                    <CopyButton
                      load={() => fetchSecret(`/api/v1/admin/api_keys/${key.id}/secret`, "api_key")}
                      label={`Copy key ${key.service_name}`}
                    />
                    {revealed?.id === key.id ? null : (
                      <Form method="post" preventScrollReset>
                        <input type="hidden" name="id" value={key.id} />
                        <button
                          type="submit"
                          name="intent"
                          value="reveal"
                          className="btn min-h-8 px-2 py-1 text-xs"
                          aria-label={`Reveal key ${key.service_name}`}
                        >
                          Reveal
                        </button>
                      </Form>
                    )}
                  </>
                )}
              </div>
            </td>
            <td data-label="Created Date">
              <Time value={key.created_at} />
            </td>
            <td data-label="Creator ID">
              <span>{key.user_id === currentUserId ? "Me" : "Unknown User"}</span>
              {key.user_id ? (
                <div className="text-xs break-all text-zinc-600 dark:text-zinc-400">{key.user_id}</div>
              ) : null}
            </td>
            <RowActions>
              <EditLink to={editUrl(PAGE_PATH, key.id)} label={`Edit key ${key.service_name}`} />
              {isProtectedKey(key, currentUserId) ? null : (
                <DeleteButton id={key.id} accessibleLabel={`Delete key ${key.service_name}`} />
              )}
            </RowActions>
          </tr>
        )}
      </DataTable>
      <ErrorAlert message={editMissing ? "That key no longer exists." : null} />
      {/* A fresh form on every navigation, as a page load gives without JavaScript. Keyed by the record alone, the
          uncontrolled fields would keep their text after a Create (same key after its redirect) and on the new
          form's Reset. */}
      <ApiKeyForm key={`${location.key}-${editing?.id ?? "new"}`} editing={editing} reset={reset} />
      <MySession prefix={sessionTokenPrefix} revealed={actionData?.revealedSession ?? null} userId={currentUserId} />
    </section>
  );
}

const ApiKeyForm = withDeferredForm(function ApiKeyForm({
  editing,
  reset,
}: {
  editing: ApiKeyRecord | null;
  reset: boolean;
}) {
  const actionData = useActionData<typeof action>();
  const { constraint } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const generated = actionData?.generated ?? null;
  const [form, fields] = useDeferredZodForm<z.input<typeof ApiKeySchema>, z.output<typeof ApiKeySchema>>(
    loadApiKeyCheck,
    constraint,
    {
      id: `api-key-form-${generated?.api_key ?? "plain"}`,
      lastResult: actionData?.intent === "save" ? actionData.result : undefined,
      // The saved key is never put into the form: left empty, Save keeps it. Reset clears the name and key; the
      // boxes go back to the saved scopes (a new key's: upload only), so a Save after it takes nothing away.
      defaultValue:
        generated ??
        (editing && !reset
          ? { edit_id: editing.id, service_name: editing.service_name, scopes: editing.scopes }
          : { edit_id: editing?.id ?? "", scopes: editing?.scopes ?? [...DEFAULT_API_KEY_SCOPES] }),
    },
  );
  const editId = generated?.edit_id || editing?.id || "";
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="card mb-6 max-w-2xl space-y-4"
      aria-labelledby="api-key-form-title"
    >
      <h2 id="api-key-form-title" className="text-lg font-semibold">
        {editId ? "Edit API key" : "New API key"}
      </h2>
      <input {...getInputProps(fields.edit_id, { type: "hidden" })} key={fields.edit_id.key} value={editId} />
      <InputField field={fields.service_name} label="Service Name" autoComplete="off" />
      <Field
        field={fields.api_key}
        label="API Key"
        hint={
          `${editId ? "Leave empty to keep the saved key. " : ""}Use a random url-safe secret of ` +
          `${GENERATED_KEY_BYTES} bytes, e.g. python -c "import secrets; ` +
          `print(secrets.token_urlsafe(${GENERATED_KEY_BYTES}))", or press Generate.`
        }
      >
        {/* The generator sits beside the field: with JavaScript it fills the field in place, without it the
            button posts and the form comes back with a key. */}
        <div className="flex gap-2">
          <input
            {...getInputProps(fields.api_key, { type: "text" })}
            autoComplete="off"
            spellCheck={false}
            className="input min-w-0 flex-1 font-mono"
          />
          <button
            type="submit"
            name="intent"
            value="generate"
            formNoValidate
            className="btn"
            onClick={(event) => {
              if (!hydrated) return;
              event.preventDefault();
              form.update({ name: fields.api_key.name, value: generateApiKey(), validated: true });
            }}
          >
            Generate
          </button>
        </div>
      </Field>
      <ScopeBoxes field={fields.scopes} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="flex flex-wrap gap-2">
        <SubmitButton intent="save" busy={submitting} busyLabel="Saving...">
          {editId ? "Save" : "Create"}
        </SubmitButton>
        <Link
          to={editId ? `${PAGE_PATH}?edit=${editId}&reset=1` : PAGE_PATH}
          className="btn"
          replace
          preventScrollReset
        >
          Reset
        </Link>
        {editId ? (
          <Link to={PAGE_PATH} className="btn">
            New key
          </Link>
        ) : null}
      </div>
    </Form>
  );
});

/** One secret from /api (same-origin, the session cookie), for a copy button. */
async function fetchSecret(path: string, field: string): Promise<string> {
  const response = await fetch(path, { headers: { accept: "application/json" }, cache: "no-store" });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const value = ((await response.json()) as Record<string, unknown>)[field];
  if (typeof value !== "string") throw new Error("No secret in the answer");
  return value;
}

/**
 * The page holds only the token's prefix; the copy button fetches the whole token when pressed, and without
 * JavaScript the Reveal button shows it in the answer to that post only.
 */
function MySession({ prefix, revealed, userId }: { prefix: string; revealed: string | null; userId: string }) {
  return (
    <section className="card max-w-2xl" aria-labelledby="my-session-title">
      <h2 id="my-session-title" className="mb-2 text-lg font-semibold">
        My session
      </h2>
      <dl className="grid grid-cols-[max-content_1fr] items-center gap-x-4 gap-y-2 text-sm">
        <dt className="font-semibold">Session token</dt>
        <dd className="flex flex-wrap items-center gap-2">
          <code className="break-all" data-testid="session-token">
            {revealed ?? prefix}
          </code>
          <CopyButton
            load={() => fetchSecret("/api/v1/admin/session_token", "session_token")}
            label="Copy session token"
          />
          {revealed ? null : (
            <Form method="post" preventScrollReset>
              <button
                type="submit"
                name="intent"
                value="reveal-session"
                className="btn min-h-8 px-2 py-1 text-xs"
                aria-label="Reveal session token"
              >
                Reveal
              </button>
            </Form>
          )}
        </dd>
        <dt className="font-semibold">User id</dt>
        <dd className="flex flex-wrap items-center gap-2">
          <code className="break-all">{userId}</code>
          <CopyButton value={userId} label="Copy user id" />
        </dd>
      </dl>
    </section>
  );
}
