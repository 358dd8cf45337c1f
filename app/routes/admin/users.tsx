import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useActionData, useFetcher, useLoaderData } from "react-router";
import { Link } from "#app/components/link.tsx";
import type { z } from "zod";
import type { Route } from "./+types/users";
import { Pager } from "#app/components/admin/pager.tsx";
import { ActionButton } from "#app/components/admin/users-action-button.tsx";
import { DataTable } from "#app/components/data-table.tsx";
import { DeleteButton } from "#app/components/delete-button.tsx";
import { ErrorAlert } from "#app/components/error-alert.tsx";
import { FormErrors, InputField, SubmitButton } from "#app/components/field.tsx";
import { Time } from "#app/components/time.tsx";
import { userContext } from "#app/context.ts";
import {
  AccountVerifiedFormSchema,
  CreateUserSchema,
  SetAdminFormSchema,
  UserIdSchema,
  type AdminUserListItem,
  type FirebaseUserResponse,
  type UserItemResponse,
  type UserListResponse,
} from "#shared/contract/users.ts";
import { SPARK_PROVIDER, USER_PAGE_SIZE_DEFAULT, USER_SEARCH_MAX } from "#shared/contract/users-vocabulary.ts";
import { apiRequest, fieldErrorsOf } from "#app/utils/api.server.ts";
import { errorText, failureToast } from "#app/utils/api-feedback.server.ts";
import { pageMeta } from "#app/utils/meta.ts";
import { redirectWithSuccess } from "#app/utils/toast.server.ts";
import { deferredZodCheck, useDeferredZodForm, withDeferredForm } from "#app/utils/use-deferred-zod-form.ts";
import {
  confirmDeleteQuestion,
  heldUndoOffer,
  postedForm,
  restoreHeldAction,
  type UndoOffer,
  DELETE_BUTTON_FIELDS,
} from "./actions.server";
import { ADMIN_PATHS } from "#shared/admin-menu.ts";
import type { HeldDeletedCount } from "#shared/contract/deleted.ts";
import { declaredAction, formFields } from "#app/utils/form-fields.ts";

const PAGE_PATH = ADMIN_PATHS.users;
const FETCHER_KEY = "admin-users";
/** The browser's copy of the create form's check, loaded after the page (see useDeferredZodForm). */
const loadCreateUserCheck = deferredZodCheck(
  () => import("#shared/contract/users.ts"),
  (schemas) => schemas.CreateUserSchema,
);

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const search = url.searchParams.get("q")?.trim() ?? "";
  // The page and its size as the address gives them; /api checks them and says what is wrong.
  const query = new URLSearchParams({ q: search });
  for (const name of ["page", "page_size"]) {
    const value = url.searchParams.get(name);
    if (value) query.set(name, value);
  }
  const result = await apiRequest<UserListResponse>(context, `/v1/admin/auth/user_list?${query}`);
  return {
    users: result.ok ? result.data.user_list : [],
    count: result.ok ? result.data.count : 0,
    page: result.ok ? result.data.page : 1,
    pageSize: result.ok ? result.data.page_size : USER_PAGE_SIZE_DEFAULT,
    search,
    error: result.ok ? null : errorText(result.error),
    currentUserId: context.get(userContext).id,
    createConstraint: getZodConstraint(CreateUserSchema),
  };
}

/** The list as it was when the form was posted (its search and page), for the redirect after an action. */
function listUrl(request: Request): string {
  return `${PAGE_PATH}${new URL(request.url).search}`;
}

type ActionResult = {
  intent: string;
  error: string | null;
  create?: SubmissionResult<string[]>;
  undo?: UndoOffer;
};

export const action = declaredAction(
  formFields(CreateUserSchema, UserIdSchema, AccountVerifiedFormSchema, SetAdminFormSchema, DELETE_BUTTON_FIELDS),
  async ({ request, context }: Route.ActionArgs) => {
    const { formData, intent } = await postedForm(request);
    const fail = (error: Parameters<typeof failureToast>[1], extra: Partial<ActionResult> = {}) =>
      failureToast<ActionResult>({ intent, error: errorText(error), ...extra }, error);
    const invalid = (message: string) => data<ActionResult>({ intent, error: message }, { status: 400 });

    if (intent === "create") {
      const submission = parseWithZod(formData, { schema: CreateUserSchema });
      if (submission.status !== "success")
        return data<ActionResult>(
          { intent, error: null, create: submission.reply({ hideFields: ["password"] }) },
          { status: 400 },
        );
      const result = await apiRequest<UserItemResponse>(context, "/v1/admin/auth/users", {
        body: submission.value,
      });
      if (!result.ok)
        return fail(result.error, {
          create: submission.reply({ fieldErrors: fieldErrorsOf(result.error), hideFields: ["password"] }),
        });
      return redirectWithSuccess(listUrl(request), `Created ${result.data.item.user.email}.`);
    }

    if (intent === "delete") return confirmDeleteQuestion<ActionResult>(formData, { intent, error: null });

    if (intent === "confirm-delete") {
      const parsed = UserIdSchema.safeParse({ user_id: formData.get("id") });
      if (!parsed.success) return invalid("The user is not valid.");
      const result = await apiRequest<HeldDeletedCount>(context, `/v1/admin/auth/users/delete/${parsed.data.user_id}`, {
        method: "DELETE",
      });
      if (!result.ok) return fail(result.error);
      // The row goes only when exactly one user was deleted.
      if (result.data.number !== 1)
        return fail({ detail: "The user was not deleted: it no longer exists.", status_code: 404, errors: [] });
      // Undo brings the user back from the server's hold: password, accounts and keys, not their sessions.
      const undo = heldUndoOffer(formData, result.data, "Completed successfully!");
      if (undo) return data<ActionResult>({ intent, error: null, undo });
      return redirectWithSuccess(listUrl(request), "Completed successfully!");
    }

    if (intent === "restore") {
      return restoreHeldAction<ActionResult>(context, formData, {
        redirectTo: listUrl(request),
        failed: { intent, error: "The user was not restored." },
      });
    }

    if (intent === "firebase") {
      const submission = parseWithZod(formData, { schema: UserIdSchema });
      if (submission.status !== "success") return invalid("The user is not valid.");
      const userId = submission.value.user_id;
      const result = await apiRequest<FirebaseUserResponse>(context, `/v1/auth/users/${userId}/config_firebase`, {
        method: "POST",
        timeoutMs: 30_000,
      });
      if (!result.ok) return fail(result.error);
      return redirectWithSuccess(listUrl(request), `Firebase user ${result.data.id} is set.`);
    }

    if (intent === "verify") {
      const submission = parseWithZod(formData, { schema: AccountVerifiedFormSchema });
      if (submission.status !== "success") return invalid("The account is not valid.");
      const { account_id, email_verified } = submission.value;
      const result = await apiRequest(context, `/v1/admin/auth/accounts/${account_id}`, { body: { email_verified } });
      if (!result.ok) return fail(result.error);
      return redirectWithSuccess(listUrl(request), "Data updated successfully!");
    }

    if (intent === "admin") {
      const submission = parseWithZod(formData, { schema: SetAdminFormSchema });
      if (submission.status !== "success") return invalid("The user is not valid.");
      const { user_id, is_superuser } = submission.value;
      const result = await apiRequest(context, `/v1/admin/auth/users/${user_id}/superuser`, { body: { is_superuser } });
      if (!result.ok) return fail(result.error);
      return redirectWithSuccess(
        listUrl(request),
        is_superuser ? "Administrator rights granted." : "Administrator rights revoked.",
      );
    }

    return invalid("Unknown action.");
  },
);

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Admin: Users", noIndex: true });

export default function Users({ loaderData }: Route.ComponentProps) {
  const { users, count, page, pageSize, search, error, currentUserId } = loaderData;
  const actionData = useActionData<typeof action>();
  const fetcher = useFetcher<typeof action>({ key: FETCHER_KEY });
  const latest = fetcher.state === "idle" && fetcher.data ? fetcher.data : actionData;
  const shownError = error ?? (latest && latest.intent !== "create" ? latest.error : null);
  return (
    <section>
      <h1 className="page-title">Admin: Users (total {count})</h1>
      <CreateUserForm lastResult={actionData?.intent === "create" ? actionData.create : undefined} />
      <Form method="get" action={PAGE_PATH} role="search" className="mb-4 flex flex-wrap items-end gap-2">
        <div className="min-w-0 grow sm:max-w-sm">
          <label htmlFor="user-search" className="label">
            Search by e-mail or name
          </label>
          <input
            id="user-search"
            name="q"
            type="search"
            defaultValue={search}
            maxLength={USER_SEARCH_MAX}
            className="input"
            autoComplete="off"
          />
        </div>
        <button type="submit" className="btn whitespace-nowrap">
          Search
        </button>
        {search ? (
          <Link to={PAGE_PATH} className="btn whitespace-nowrap">
            Show all
          </Link>
        ) : null}
      </Form>
      <ErrorAlert message={shownError} />
      <DataTable
        label="Users"
        columns={["#", "User", "Admin", "Spark accounts", "Firebase", "Last login", "Created", "Actions"]}
        rows={users}
        stacked
        empty={
          error ? (
            "The users could not be loaded."
          ) : search ? (
            <>No users match “{search}”.</>
          ) : page > 1 ? (
            "No users on this page."
          ) : (
            "No users yet."
          )
        }
      >
        {(item) => <UserRow key={item.id} item={item} isMe={item.id === currentUserId} />}
      </DataTable>
      <Pager page={page} pageSize={pageSize} total={count} label="User pages" />
    </section>
  );
}

function UserRow({ item, isMe }: { item: AdminUserListItem; isMe: boolean }) {
  const { user } = item;
  const sparkAccounts = item.accounts.filter((account) => account.provider === SPARK_PROVIDER);
  return (
    <tr data-testid={`user-row-${user.email}`}>
      <td>{item.spark_user.num_id}</td>
      <td data-label="User" className="min-w-40 wrap-anywhere">
        <Link to={ADMIN_PATHS.user(item.id)}>{user.email}</Link>
        {user.first_name ? <div className="text-xs text-zinc-600 dark:text-zinc-400">{user.first_name}</div> : null}
        {isMe ? <div className="text-xs text-zinc-600 dark:text-zinc-400">(you)</div> : null}
      </td>
      <td data-label="Admin">
        <span aria-label={user.is_superuser ? "Admin: yes" : "Admin: no"}>{user.is_superuser ? "Y" : "N"}</span>
      </td>
      <td data-label="Spark accounts">
        {sparkAccounts.length === 0 ? (
          <span className="text-zinc-600 dark:text-zinc-400">—</span>
        ) : (
          <ul className="space-y-1">
            {sparkAccounts.map((account) => (
              <li key={account.id} className="flex flex-wrap items-center gap-2">
                <span className="wrap-anywhere">{account.email}</span>
                <span className="text-xs">{account.email_verified ? "verified" : "not verified"}</span>
                <ActionButton
                  fetcherKey={FETCHER_KEY}
                  intent="verify"
                  fields={{ account_id: account.id, email_verified: account.email_verified ? "" : "on" }}
                  pendingLabel="Saving..."
                  accessibleLabel={`${account.email_verified ? "Mark unverified" : "Mark verified"}: ${account.email}`}
                >
                  {account.email_verified ? "Mark unverified" : "Mark verified"}
                </ActionButton>
              </li>
            ))}
          </ul>
        )}
      </td>
      <td data-label="Firebase">
        {user.firebase_uid ? (
          <code className="text-xs">{user.firebase_uid}</code>
        ) : (
          <ActionButton
            fetcherKey={FETCHER_KEY}
            intent="firebase"
            fields={{ user_id: item.id }}
            pendingLabel="Creating..."
            accessibleLabel={`Create Firebase user for ${user.email}`}
          >
            Create Firebase user
          </ActionButton>
        )}
      </td>
      <td data-label="Last login">
        <Time value={user.last_login_time} />
        {user.last_login_ip ? (
          <div className="text-xs text-zinc-600 dark:text-zinc-400">{user.last_login_ip}</div>
        ) : null}
      </td>
      <td data-label="Created">
        <Time value={user.created_at} />
      </td>
      <td>
        <div className="flex flex-wrap gap-2 whitespace-nowrap">
          <Link
            to={ADMIN_PATHS.changePassword(item.id)}
            className="btn min-h-8 px-2 py-1 text-xs"
            aria-label={`Change PWD of ${user.email}`}
          >
            Change PWD
          </Link>
          {isMe ? null : (
            <>
              <ActionButton
                fetcherKey={FETCHER_KEY}
                intent="admin"
                fields={{ user_id: item.id, is_superuser: user.is_superuser ? "" : "on" }}
                pendingLabel="Saving..."
                accessibleLabel={`${user.is_superuser ? "Revoke admin" : "Grant admin"}: ${user.email}`}
              >
                {user.is_superuser ? "Revoke admin" : "Grant admin"}
              </ActionButton>
              <DeleteButton id={item.id} accessibleLabel={`Delete ${user.email}`} />
            </>
          )}
        </div>
      </td>
    </tr>
  );
}

const CreateUserForm = withDeferredForm(function CreateUserForm({
  lastResult,
}: {
  lastResult: ActionResult["create"];
}) {
  const fetcher = useFetcher<typeof action>({ key: "admin-users-create" });
  const result = fetcher.data?.intent === "create" ? fetcher.data.create : lastResult;
  const { createConstraint } = useLoaderData<typeof loader>();
  const [form, fields] = useDeferredZodForm<z.input<typeof CreateUserSchema>, z.output<typeof CreateUserSchema>>(
    loadCreateUserCheck,
    createConstraint,
    { id: "create-user", lastResult: fetcher.state === "idle" ? result : undefined },
  );
  const submitting = fetcher.state !== "idle";
  return (
    <details className="card mb-6" open={Boolean(result?.error)}>
      <summary className="cursor-pointer font-semibold">Create a user</summary>
      <fetcher.Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4 sm:grid-cols-2">
        <InputField field={fields.email} label="Email" type="email" autoComplete="off" />
        <InputField field={fields.name} label="Name (optional)" autoComplete="off" />
        <InputField
          field={fields.password}
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
        />
        <div className="flex items-center gap-2 self-end pb-2">
          <input {...getInputProps(fields.is_superuser, { type: "checkbox" })} className="size-4" />
          <label htmlFor={fields.is_superuser.id} className="text-sm font-medium">
            Administrator
          </label>
        </div>
        <div className="sm:col-span-2">
          <FormErrors id={form.errorId} errors={form.errors} />
          <SubmitButton intent="create" busy={submitting} busyLabel="Creating...">
            Create user
          </SubmitButton>
        </div>
      </fetcher.Form>
    </details>
  );
});
