// Answers that hold stored JSON (site vars, key/value entries) as it was written: see server/lib/json-text.ts.
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { stringifyWithJsonText } from "../lib/json-text";

/** c.json, except that every JsonText in `body` is sent as its text; typed as c.json's answer for the route. */
export function jsonWithStoredText<T extends object, S extends ContentfulStatusCode>(
  c: Context,
  body: T,
  status: S,
): ReturnType<typeof c.json<T, S>> {
  const answer = c.body(stringifyWithJsonText(body), status, { "content-type": "application/json" });
  return answer as unknown as ReturnType<typeof c.json<T, S>>;
}
