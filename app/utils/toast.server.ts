// Flash messages (remix-toast), in a cookie signed with the site's session secret. A message is shown once: after a
// redirect by the page it leads to, after an action that answers its own page by that page.
import { AsyncLocalStorage } from "node:async_hooks";
import { createCookieSessionStorage, data, type MiddlewareFunction } from "react-router";
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

export type FlashToast = NonNullable<Awaited<ReturnType<typeof getToast>>["toast"]>;

/**
 * The message of an action that answers with data instead of a redirect, waiting for the page of the same request.
 * Without JavaScript the action and the page's loaders run in one request, and the root loader takes it from here;
 * a cookie would outlive the page and show the message again on the next one. A client-side action request renders
 * no page: the message then leaves in the toast cookie, which the revalidation that follows reads and clears.
 */
const pendingFlash = new AsyncLocalStorage<{ toast: FlashToast | undefined }>();

/** Root middleware: holds an action's message for the page of the same request, or sends it as the toast cookie. */
export const flashMiddleware: MiddlewareFunction<Response> = async (_args, next) => {
  const slot: { toast: FlashToast | undefined } = { toast: undefined };
  const response = await pendingFlash.run(slot, next);
  if (slot.toast) {
    const session = await toastSessionStorage.getSession();
    session.flash("flash", { toast: slot.toast });
    const headers = new Headers(response.headers);
    headers.append("Set-Cookie", await toastSessionStorage.commitSession(session));
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
  return response;
};

/** The message an action of this request left for its own page; taking it means the page shows it. */
export function takePendingFlash(): FlashToast | undefined {
  const slot = pendingFlash.getStore();
  const toast = slot?.toast;
  if (slot) slot.toast = undefined;
  return toast;
}

/**
 * The flash message waiting for this request, and the Set-Cookie that clears it. Reading signs a fresh cookie
 * (WebCrypto HMAC) and always answers a Set-Cookie, so a request without the toast cookie skips both: its page
 * stays cacheable and costs no signature.
 */
export async function readToast(
  request: Request,
): Promise<{ toast: FlashToast | undefined; headers: Headers | undefined }> {
  if (!TOAST_COOKIE.test(request.headers.get("cookie") ?? "")) return { toast: undefined, headers: undefined };
  const { toast, headers } = await getToast(request);
  return { toast, headers: toast ? headers : undefined };
}

/** Answers an action with data and a success message for the page that answers it (see pendingFlash). */
export function dataWithSuccess<T>(payload: T, message: string, init?: ResponseInit) {
  const slot = pendingFlash.getStore();
  if (slot) slot.toast = { type: "success", message };
  return data(payload, init);
}

export const { redirectWithSuccess, redirectWithError } = createToastUtilsWithCustomSession(toastSessionStorage);
