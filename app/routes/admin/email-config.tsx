import { getFormProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, useActionData, useFetcher, useLoaderData } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/email-config";
import { DataTable } from "#app/components/data-table.tsx";
import { DeleteButton } from "#app/components/delete-button.tsx";
import { ErrorAlert } from "#app/components/error-alert.tsx";
import { FormErrors, InputField, SubmitButton } from "#app/components/field.tsx";
import { Time } from "#app/components/time.tsx";
import { userContext } from "#app/context.ts";
import { ADMIN_PATHS } from "#shared/admin-menu.ts";
import { TestMailSchema, type EmailConfigResponse, type TestMailResponse } from "#shared/contract/email-config.ts";
import { GMAIL_CONNECT_PATH } from "#shared/contract/email-config-vocabulary.ts";
import { apiRequest, fieldErrorsOf } from "#app/utils/api.server.ts";
import { errorText, failureToast } from "#app/utils/api-feedback.server.ts";
import { pageMeta } from "#app/utils/meta.ts";
import { dataWithSuccess } from "#app/utils/toast.server.ts";
import { deferredZodCheck, useDeferredZodForm, withDeferredForm } from "#app/utils/use-deferred-zod-form.ts";
import { DELETE_INTENTS, deleteAction, postedForm, restoreHeldAction, DELETE_BUTTON_FIELDS } from "./actions.server";
import { declaredAction, formFields } from "#app/utils/form-fields.ts";

const PAGE_PATH = ADMIN_PATHS.emailConfig;
const DeleteSchema = z.object({ id: z.uuid("The connection is not a valid id.") });
/** The browser's copy of the test mail form's check, loaded after the page (see useDeferredZodForm). */
const loadTestMailCheck = deferredZodCheck(
  () => import("#shared/contract/email-config.ts"),
  (schemas) => schemas.TestMailSchema,
);

export async function loader({ context }: Route.LoaderArgs) {
  const result = await apiRequest<EmailConfigResponse>(context, "/v1/admin/site/email/config");
  return {
    config: result.ok ? result.data : null,
    error: result.ok ? null : errorText(result.error),
    adminEmail: context.get(userContext).email,
    testMailConstraint: getZodConstraint(TestMailSchema),
  };
}

export const action = declaredAction(
  formFields(DeleteSchema, TestMailSchema, DELETE_BUTTON_FIELDS),
  async ({ request, context }: Route.ActionArgs) => {
    const { formData, intent } = await postedForm(request);
    if (DELETE_INTENTS.includes(intent)) {
      return deleteAction(context, formData, {
        schema: DeleteSchema,
        apiPath: (id) => `/v1/admin/gmail/connect/${id}`,
        redirectTo: () => PAGE_PATH,
        // The connection comes back from the server's hold with its sealed token.
        held: true,
        extra: { sent: null },
      });
    }
    if (intent === "restore") {
      return restoreHeldAction(context, formData, {
        redirectTo: PAGE_PATH,
        failed: { intent, result: null, sent: null },
      });
    }
    if (intent === "test") {
      const submission = parseWithZod(formData, { schema: TestMailSchema });
      if (submission.status !== "success")
        return data({ intent, result: submission.reply(), sent: null }, { status: 400 });
      const result = await apiRequest<TestMailResponse>(context, "/v1/admin/site/email/test", {
        body: submission.value,
        timeoutMs: 30_000,
      });
      if (!result.ok) {
        return failureToast(
          {
            intent,
            result: submission.reply({ formErrors: [result.error.detail], fieldErrors: fieldErrorsOf(result.error) }),
            sent: null,
          },
          result.error,
        );
      }
      const sent = `Test mail sent to ${result.data.to} through ${result.data.transport}.`;
      return dataWithSuccess({ intent, result: submission.reply(), sent }, sent);
    }
    return data({ intent, result: null, sent: null }, { status: 400 });
  },
);

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Email Config", noIndex: true });

export default function EmailConfig({ loaderData }: Route.ComponentProps) {
  const { config, error, adminEmail } = loaderData;
  const sessions = config?.sessions_list ?? [];
  return (
    <section>
      <h1 className="page-title">Email Config</h1>
      <ErrorAlert message={error} />
      <div className="card mb-6 space-y-3 [overflow-wrap:anywhere]">
        <p>
          {/* A document navigation: the connect page redirects to Google. */}
          <a href={GMAIL_CONNECT_PATH} className="btn btn-primary" data-discover="false">
            Connect
          </a>{" "}
          <span className="text-sm text-zinc-700 dark:text-zinc-300">
            a Gmail account to send the site's mail as that account.
          </span>
        </p>
        {config && !config.gmail_configured ? (
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            Connecting needs GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET in the server's environment.
          </p>
        ) : null}
        <p>
          <span className="font-semibold">Current email sender: </span>
          <span data-testid="email-sender">{config?.email_sender ?? "Not set yet!"}</span>
        </p>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {config?.mail_transport ? `Mail goes out through ${config.mail_transport}.` : (config?.mail_problem ?? "")}
        </p>
      </div>

      <h2 className="mb-2 text-lg font-semibold">Connected sessions</h2>
      <DataTable
        label="Connected sessions"
        className="mb-6"
        columns={["ID", "Email", "Last login IP", "User ID", "Expiry time", "Creation time", "Actions"]}
        rows={sessions}
        empty="No connected sessions."
      >
        {(session) => (
          <tr key={session.id}>
            <td>
              <code className="text-xs break-all">{session.id}</code>
            </td>
            <td className="min-w-40 wrap-anywhere">{session.email}</td>
            <td>{session.last_login_ip ?? "—"}</td>
            <td>
              <code className="text-xs break-all">{session.userId ?? "—"}</code>
            </td>
            <td>
              <Time value={session.expires_at} />
            </td>
            <td>
              <Time value={session.created_at} />
            </td>
            <td>
              <DeleteButton id={session.id} accessibleLabel={`Delete connected session ${session.email}`} />
            </td>
          </tr>
        )}
      </DataTable>
      <TestMailForm defaultTo={adminEmail} />
    </section>
  );
}

const TestMailForm = withDeferredForm(function TestMailForm({ defaultTo }: { defaultTo: string }) {
  const fetcher = useFetcher<typeof action>();
  // With JavaScript the answer comes to the fetcher; without, to the page.
  const actionData = useActionData<typeof action>();
  const { testMailConstraint } = useLoaderData<typeof loader>();
  const answer = fetcher.state === "idle" ? (fetcher.data ?? actionData) : undefined;
  const [form, fields] = useDeferredZodForm<z.input<typeof TestMailSchema>, z.output<typeof TestMailSchema>>(
    loadTestMailCheck,
    testMailConstraint,
    {
      id: "test-mail",
      lastResult: answer?.intent === "test" ? answer.result : undefined,
      defaultValue: { to: defaultTo },
    },
  );
  const sending = fetcher.state !== "idle";
  const sent = answer?.sent;
  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      className="card max-w-xl space-y-4 [overflow-wrap:anywhere]"
      aria-labelledby="test-mail-title"
    >
      <h2 id="test-mail-title" className="text-lg font-semibold">
        Send a test mail
      </h2>
      <InputField field={fields.to} label="To" type="email" autoComplete="email" />
      <FormErrors id={form.errorId} errors={form.errors} />
      {sent ? (
        <p role="status" className="text-sm text-green-800 dark:text-green-300">
          {sent}
        </p>
      ) : null}
      <SubmitButton intent="test" primary={false} busy={sending} busyLabel="Sending...">
        Send test mail
      </SubmitButton>
    </fetcher.Form>
  );
});
