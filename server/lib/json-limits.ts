// The /api body middleware of the JSON limits (shared/json-limits.ts): every JSON request body is checked before
// a handler parses it.
import type { MiddlewareHandler } from "hono";
import { checkJsonLimits, type JsonLimitViolation } from "#shared/json-limits.ts";

/** application/json and application/…+json: the bodies the API's validators parse as JSON. */
function isJsonContentType(header: string | undefined): boolean {
  if (!header) return false;
  const type = header.split(";", 1)[0]!.trim().toLowerCase();
  return type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"));
}

/**
 * Checks every JSON request body against the limits before a handler parses it; `refuse` answers a violation
 * (throw or return a Response). Runs after the body-size limit, which bounds the text read here. The text stays
 * cached on the request, so the handler's own parse does not decode the body again.
 */
export function limitJsonBodies(
  refuse: (violation: JsonLimitViolation) => Response | Promise<Response>,
): MiddlewareHandler {
  return async (c, next) => {
    if (!c.req.raw.body || !isJsonContentType(c.req.header("content-type"))) return next();
    const text = await c.req.text();
    const violation = checkJsonLimits(text, "The request body");
    if (violation) return refuse(violation);
    // The stream is read: later readers of the raw request (a route's own body limit) get the same text again.
    c.req.raw = new Request(c.req.raw, { method: c.req.method, body: text });
    return next();
  };
}
