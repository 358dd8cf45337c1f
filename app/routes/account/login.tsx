import { getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useActionData, useLoaderData, useNavigation, useSearchParams } from "react-router";
import { Link } from "#app/components/link.tsx";
import type { z } from "zod";
import type { Route } from "./+types/login";
import { FormErrors, InputField, SubmitButton } from "#app/components/field.tsx";
import { LoginFormSchema, safeRedirectPath } from "#shared/contract/auth.ts";
import { sessionContext } from "#app/context.ts";
import { apiRequest } from "#app/utils/api.server.ts";
import { serializeSessionToken } from "#app/utils/session.server.ts";
import { redirectWithSuccess } from "#app/utils/toast.server.ts";
import type { SessionInfo } from "#shared/user.ts";
import { pageMeta } from "#app/utils/meta.ts";
import { deferredZodCheck, useDeferredZodForm } from "#app/utils/use-deferred-zod-form.ts";
import { declaredAction, formFields } from "#app/utils/form-fields.ts";

/** The browser's copy of the action's check, loaded after the page (see useDeferredZodForm). */
const loadLoginCheck = deferredZodCheck(
  () => import("#shared/contract/auth.ts"),
  (schemas) => schemas.LoginFormSchema,
);

export function loader({ request, context }: Route.LoaderArgs) {
  if (context.get(sessionContext).user) {
    throw redirect(safeRedirectPath(new URL(request.url).searchParams.get("callbackUrl")));
  }
  return { constraint: getZodConstraint(LoginFormSchema) };
}

export const action = declaredAction(formFields(LoginFormSchema), async ({ request, context }: Route.ActionArgs) => {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: LoginFormSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const { email, password, callbackUrl } = submission.value;
  // Decided before signing in: nothing after the session exists may fail on the destination.
  const destination = safeRedirectPath(callbackUrl);
  const result = await apiRequest<SessionInfo>(context, "/auth/login", { body: { email, password } });
  if (!result.ok || !result.data.sessionToken || !result.data.expires) {
    const message = result.ok ? "Sign-in failed." : result.error.detail;
    return data(submission.reply({ formErrors: [message], hideFields: ["password"] }), {
      status: result.ok ? 500 : result.status,
    });
  }
  const cookie = await serializeSessionToken(result.data.sessionToken, new Date(result.data.expires));
  return redirectWithSuccess(destination, "Signed in.", { headers: { "Set-Cookie": cookie } });
});

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Sign in", description: "Sign in to your account.", noIndex: true });

export default function Login() {
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const { constraint } = useLoaderData<typeof loader>();
  const [form, fields] = useDeferredZodForm<z.input<typeof LoginFormSchema>, z.output<typeof LoginFormSchema>>(
    loadLoginCheck,
    constraint,
    {
      lastResult,
      shouldValidate: "onBlur",
      shouldRevalidate: "onInput",
    },
  );
  const submitting = navigation.state === "submitting";
  return (
    <div className="card">
      <h1 className="page-title">Sign in</h1>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="callbackUrl" value={searchParams.get("callbackUrl") ?? "/"} />
        <InputField field={fields.email} label="Email" type="email" autoComplete="email" />
        <InputField field={fields.password} label="Password" type="password" autoComplete="current-password" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <SubmitButton busy={submitting} busyLabel="Signing in..." className="btn btn-primary w-full">
          Sign in
        </SubmitButton>
      </Form>
      <p className="mt-4 text-sm">
        <Link to="/">Back to the site</Link>
      </p>
    </div>
  );
}
