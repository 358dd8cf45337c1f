import { data, Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { Link } from "#app/components/link.tsx";
import type { Route } from "./+types/verify-request";
import { FormErrors, SubmitButton } from "#app/components/field.tsx";
import { apiRequest } from "#app/utils/api.server.ts";
import { serializeSessionToken } from "#app/utils/session.server.ts";
import { redirectWithSuccess } from "#app/utils/toast.server.ts";
import type { SessionInfo } from "#shared/user.ts";
import { pageMeta, type MetaArgsLike } from "#app/utils/meta.ts";
import { declaredAction, formFields, textFields } from "#app/utils/form-fields.ts";

export const meta = (args: MetaArgsLike) =>
  pageMeta(args, { title: "Check your email", description: "Check your email for a link to continue.", noIndex: true });

// Opening the e-mailed link only shows a button: mail scanners that follow links must not create the account.
export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  return { token: token && token.length <= 4_000 ? token : null };
}

export const action = declaredAction(
  formFields(textFields("token")),
  async ({ request, context }: Route.ActionArgs) => {
    const token = (await request.formData()).get("token");
    if (typeof token !== "string" || !token) return data({ error: "This link is not valid." }, { status: 400 });
    const result = await apiRequest<SessionInfo>(context, "/auth/register/finish", { body: { token }, token: null });
    if (!result.ok || !result.data.sessionToken || !result.data.expires) {
      return data(
        { error: result.ok ? "The account could not be created." : result.error.detail },
        { status: result.ok ? 500 : result.status },
      );
    }
    const cookie = await serializeSessionToken(result.data.sessionToken, new Date(result.data.expires));
    return redirectWithSuccess("/", "Account created. Signed in.", { headers: { "Set-Cookie": cookie } });
  },
);

export default function VerifyRequest() {
  const { token } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  if (token) {
    return (
      <div className="card">
        <h1 className="page-title">Finish creating your account</h1>
        <Form method="post" className="space-y-4">
          <input type="hidden" name="token" value={token} />
          <FormErrors id="finish-registration-errors" errors={actionData?.error ? [actionData.error] : undefined} />
          <SubmitButton
            busy={navigation.state === "submitting"}
            busyLabel="Creating..."
            className="btn btn-primary w-full"
          >
            Create my account
          </SubmitButton>
        </Form>
        <p className="mt-4 text-sm">
          <Link to="/account/login">Back to sign-in</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="card">
      <h1 className="page-title">Check your email</h1>
      <p>A link has been sent to your email address. Open it on this device to continue.</p>
      <p className="mt-4 text-sm">
        <Link to="/account/login">Back to sign-in</Link>
      </p>
    </div>
  );
}
