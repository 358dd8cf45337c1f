import { getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { Link } from "#app/components/link.tsx";
import type { z } from "zod";
import type { Route } from "./+types/user-change-password";
import { GenericErrorView } from "#app/components/error-views.tsx";
import { FormErrors, InputField, SubmitButton } from "#app/components/field.tsx";
import ArrowLeftIcon from "lucide-react/icons/arrow-left";
import { ADMIN_PATHS } from "#shared/admin-menu.ts";
import { inlineIconClass } from "#app/components/icons.ts";
import {
  ChangePasswordFormSchema,
  UserIdSchema,
  type EndedSessionsResponse,
  type UserDetailResponse,
} from "#shared/contract/users.ts";
import { apiGetOrThrow, apiRequest, fieldErrorsOf } from "#app/utils/api.server.ts";
import { pageMeta } from "#app/utils/meta.ts";
import { redirectWithSuccess } from "#app/utils/toast.server.ts";
import { deferredZodCheck, useDeferredZodForm, withDeferredForm } from "#app/utils/use-deferred-zod-form.ts";
import { declaredAction, formFields } from "#app/utils/form-fields.ts";

/** The browser's copy of the action's check, loaded after the page (see useDeferredZodForm). */
const loadChangePasswordCheck = deferredZodCheck(
  () => import("#shared/contract/users.ts"),
  (schemas) => schemas.ChangePasswordFormSchema,
);

export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = UserIdSchema.safeParse({ user_id: new URL(request.url).searchParams.get("user_id") ?? "" });
  if (!parsed.success)
    throw data({ detail: "user_id is missing or not a valid id.", status_code: 400, errors: [] }, { status: 400 });
  const { item } = await apiGetOrThrow<UserDetailResponse>(context, `/v1/admin/auth/users/${parsed.data.user_id}`);
  return { userId: item.id, email: item.user.email, constraint: getZodConstraint(ChangePasswordFormSchema) };
}

export const action = declaredAction(
  formFields(ChangePasswordFormSchema),
  async ({ request, context }: Route.ActionArgs) => {
    const submission = parseWithZod(await request.formData(), { schema: ChangePasswordFormSchema });
    if (submission.status !== "success")
      return data(submission.reply({ hideFields: ["password", "confirm_password"] }), { status: 400 });
    const { user_id, password } = submission.value;
    const result = await apiRequest<EndedSessionsResponse>(context, `/v1/admin/auth/users/${user_id}/password`, {
      body: { password },
    });
    if (!result.ok) {
      return data(
        submission.reply({
          formErrors: [result.error.detail],
          fieldErrors: fieldErrorsOf(result.error),
          hideFields: ["password", "confirm_password"],
        }),
        { status: result.status },
      );
    }
    const ended = result.data.ended_sessions;
    return redirectWithSuccess(
      ADMIN_PATHS.users,
      `Password changed; ${ended} ${ended === 1 ? "session" : "sessions"} ended.`,
    );
  },
);

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Change password", noIndex: true });

export default function UserChangePassword({ loaderData }: Route.ComponentProps) {
  return (
    <section className="max-w-lg">
      <p className="mb-4">
        <Link to={ADMIN_PATHS.users}>
          <ArrowLeftIcon aria-hidden="true" className={inlineIconClass} /> All users
        </Link>
      </p>
      <h1 className="page-title">Change password</h1>
      <p className="mb-4 text-sm text-zinc-700 dark:text-zinc-300">
        New password for <strong>{loaderData.email}</strong>. Every session of this user ends, so they sign in again
        with it.
      </p>
      <ChangePasswordForm userId={loaderData.userId} />
    </section>
  );
}

const ChangePasswordForm = withDeferredForm(function ChangePasswordForm({ userId }: { userId: string }) {
  const lastResult = useActionData<typeof action>();
  const { constraint } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const [form, fields] = useDeferredZodForm<
    z.input<typeof ChangePasswordFormSchema>,
    z.output<typeof ChangePasswordFormSchema>
  >(loadChangePasswordCheck, constraint, { lastResult });
  const submitting = navigation.state === "submitting";
  return (
    <Form method="post" {...getFormProps(form)} className="card space-y-4">
      <input type="hidden" name="user_id" value={userId} />
      <InputField
        field={fields.password}
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
      />
      <InputField
        field={fields.confirm_password}
        label="Repeat the new password"
        type="password"
        autoComplete="new-password"
      />
      <FormErrors id={form.errorId} errors={form.errors} />
      <SubmitButton busy={submitting} busyLabel="Saving...">
        Set password
      </SubmitButton>
    </Form>
  );
});

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <GenericErrorView error={error} />;
}
