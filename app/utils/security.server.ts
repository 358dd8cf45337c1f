// Page-level request checks: CSRF by origin for every state-changing request.
import { data, type MiddlewareFunction } from "react-router";
import { isCrossSiteRequest } from "../../server/api/context";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const csrfMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (!SAFE_METHODS.has(request.method) && isCrossSiteRequest(request)) {
    throw data({ detail: "Cross-site form submission refused" }, { status: 403 });
  }
  return next();
};

export function contentSecurityPolicy(nonce: string, isProduction: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'${isProduction ? "" : " 'unsafe-eval'"}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    `connect-src 'self'${isProduction ? "" : " ws: wss:"}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
