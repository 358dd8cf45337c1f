// Route guards as middleware: they put the signed-in user into the typed userContext.
import { redirect, type MiddlewareFunction } from "react-router";
import { sessionContext, userContext } from "#app/context.ts";
import { isAdmin } from "#shared/user.ts";

function signInUrl(request: Request): string {
  const url = new URL(request.url);
  // Data requests (.data) must come back to the page, not to its data URL.
  const pathname = url.pathname.replace(/\.data$/, "").replace(/\/_root$/, "/") || "/";
  url.searchParams.delete("_routes");
  const search = url.searchParams.toString();
  return `/account/login?callbackUrl=${encodeURIComponent(pathname + (search ? `?${search}` : ""))}`;
}

/** Visitors go to sign-in with a callbackUrl; signed-in users continue with userContext set. */
export const requireUserMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { user } = context.get(sessionContext);
  if (!user) throw redirect(signInUrl(request));
  context.set(userContext, user);
  return next();
};

/** The admin guard: visitor → sign-in with callbackUrl, signed-in non-admin → home. */
export const requireAdminMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { user } = context.get(sessionContext);
  if (!user) throw redirect(signInUrl(request));
  if (!isAdmin(user)) throw redirect("/");
  context.set(userContext, user);
  const response = await next();
  response.headers.set("Cache-Control", "no-store");
  return response;
};
