// /auth/admin/gmail/connect: starts the Google authorization-code flow (PKCE) and is also its callback.
// ?login_hint=<email> asks Google to preselect that account.
// The sealed flow state travels in a short-lived httpOnly cookie scoped to this path.
import { createCookie, redirect } from "react-router";
import type { Route } from "./+types/gmail-connect";
import { ADMIN_PATHS } from "#shared/admin-menu.ts";
import {
  GMAIL_CONNECT_PATH,
  type GmailCallbackResponse,
  type GmailConnectStartResponse,
} from "#shared/contract/email-config.ts";
import { apiRequest } from "#app/utils/api.server.ts";
import { errorText } from "#app/utils/api-feedback.server.ts";
import { pageMeta } from "#app/utils/meta.ts";
import { redirectWithError, redirectWithSuccess } from "#app/utils/toast.server.ts";

const EMAIL_CONFIG_PATH = ADMIN_PATHS.emailConfig;

// Its value is already AES-256-GCM sealed and bound to the administrator by /api; it needs no signature.
const flowCookie = createCookie("gmail_connect_flow", {
  httpOnly: true,
  sameSite: "lax",
  path: GMAIL_CONNECT_PATH,
  maxAge: 10 * 60,
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const providerError = url.searchParams.get("error");
  const code = url.searchParams.get("code");

  // Google's answer, a code or a refusal. /api checks the flow and its state before it reads either, and words a
  // refusal itself: error_description is never passed on, as anyone can write it into a link to this page.
  if (providerError !== null || code !== null) {
    const clearCookie = { "Set-Cookie": await flowCookie.serialize("", { maxAge: 0 }) };
    const flowToken: unknown = await flowCookie.parse(request.headers.get("cookie"));
    const result = await apiRequest<GmailCallbackResponse>(context, "/v1/admin/gmail/connect/callback", {
      body: {
        ...(providerError !== null ? { error: providerError } : { code }),
        state: url.searchParams.get("state") ?? "",
        flow_token: typeof flowToken === "string" ? flowToken : "",
      },
      timeoutMs: 30_000,
    });
    if (!result.ok) return redirectWithError(EMAIL_CONFIG_PATH, errorText(result.error), { headers: clearCookie });
    return redirectWithSuccess(EMAIL_CONFIG_PATH, `Connected ${result.data.session.email}.`, { headers: clearCookie });
  }

  const query = new URLSearchParams({ redirect_uri: new URL(GMAIL_CONNECT_PATH, url.origin).toString() });
  const loginHint = url.searchParams.get("login_hint");
  if (loginHint) query.set("login_hint", loginHint);
  const result = await apiRequest<GmailConnectStartResponse>(context, `/v1/admin/gmail/connect/start?${query}`);
  if (!result.ok) return redirectWithError(EMAIL_CONFIG_PATH, errorText(result.error));
  // Behind a trusted TLS proxy the page request already carries the visitor's https URL (host/app.ts).
  const secure = url.protocol === "https:";
  return redirect(result.data.authorization_url, {
    headers: { "Set-Cookie": await flowCookie.serialize(result.data.flow_token, { secure }) },
  });
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Connect a mail account", noIndex: true });

// The loader always redirects; this shows only if a browser lands here without following it.
export default function GmailConnect() {
  return (
    <section>
      <h1 className="page-title">Connect a mail account</h1>
      <p>
        Redirecting to Google… <a href={EMAIL_CONFIG_PATH}>Back to Email Config</a>
      </p>
    </section>
  );
}
