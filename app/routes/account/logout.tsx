import { Form, redirect } from "react-router";
import type { Route } from "./+types/logout";
import { sessionContext } from "#app/context.ts";
import { apiRequest } from "#app/utils/api.server.ts";
import { clearSessionCookie } from "#app/utils/session.server.ts";
import { pageMeta } from "#app/utils/meta.ts";
import { declaredAction, formFields } from "#app/utils/form-fields.ts";

// Signing out changes state, so it is a POST; visiting the page with GET offers the button (see docs/decisions).
export const action = declaredAction(formFields(), async ({ context }: Route.ActionArgs) => {
  const { sessionToken } = context.get(sessionContext);
  if (sessionToken) {
    // Sign-out always clears the local session, even when the call fails.
    const result = await apiRequest(context, "/auth/logout", { method: "POST", token: sessionToken });
    if (!result.ok) console.warn("[logout] /api/auth/logout failed:", result.error.detail);
  }
  return redirect("/", { headers: { "Set-Cookie": await clearSessionCookie() } });
});

export function loader({ context }: Route.LoaderArgs) {
  if (!context.get(sessionContext).user) throw redirect("/");
  return null;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Sign out", description: "Sign out of your account.", noIndex: true });

export default function Logout() {
  return (
    <div className="card">
      <h1 className="page-title">Sign out</h1>
      <Form method="post">
        <button type="submit" className="btn btn-primary w-full">
          Sign out
        </button>
      </Form>
    </div>
  );
}
