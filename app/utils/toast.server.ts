// Flash messages across redirects (remix-toast), in a cookie signed with the site's session secret.
import { createCookieSessionStorage } from "react-router";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { webEnv } from "./env.server";

const toastSessionStorage = createCookieSessionStorage({
  cookie: {
    name: "toast",
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: webEnv.isProduction && webEnv.trustProxy > 0,
    secrets: [webEnv.sessionSecret],
  },
});

const { getToast } = createToastUtilsWithCustomSession(toastSessionStorage);
const TOAST_COOKIE = /(?:^|;)\s*toast=/;

/**
 * The flash message waiting for this request, and the Set-Cookie that clears it. Reading signs a fresh cookie
 * (WebCrypto HMAC) and always answers a Set-Cookie, so a request without the toast cookie skips both: its page
 * stays cacheable and costs no signature.
 */
export async function readToast(
  request: Request,
): Promise<{ toast: Awaited<ReturnType<typeof getToast>>["toast"]; headers: Headers | undefined }> {
  if (!TOAST_COOKIE.test(request.headers.get("cookie") ?? "")) return { toast: undefined, headers: undefined };
  const { toast, headers } = await getToast(request);
  return { toast, headers: toast ? headers : undefined };
}

export const {
  redirectWithSuccess,
  redirectWithError,
  redirectWithInfo,
  redirectWithToast,
  dataWithSuccess,
  dataWithError,
} = createToastUtilsWithCustomSession(toastSessionStorage);
