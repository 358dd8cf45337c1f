// The one gate in front of every page action: a form post is read and its shape checked here, before React Router,
// Conform or a body parser see it. Each action declares the fields it takes (app/utils/form-fields.ts); every other
// name, in any spelling Conform's name parser reads (brackets, dots, nested paths), is refused, and so is a list
// position past the declared length, a multipart part that is not in the one plain shape browsers send, and a
// Conform control field outside its own bounded schema. All of it in one linear pass over the raw bytes, with
// nothing built from a field name before the name is known to be declared.
import { createHash } from "node:crypto";
import { matchRoutes, type RouteObject } from "react-router";
import { declaredFieldsOf, type FormFields } from "#app/utils/form-fields.ts";
import { checkMultipart, checkUrlEncoded } from "./form-fields-check";
import { BodyRefused, workerBodyBudget } from "#server/lib/body-budget.ts";
import { MAX_JSON_INPUT_LABEL } from "#shared/tools/json/limits.ts";
import { MAX_URL_INPUT_LABEL } from "#shared/tools/url/options.ts";

/** A post's size limit, with the words its refusal uses. */
interface BodyLimit {
  bytes: number;
  label: string;
}
/** The JSON formatter takes 10 MB of text, posted as multipart; one more MB covers the other fields and framing. */
export const TOOL_BODY_LIMIT: BodyLimit = { bytes: 11 * 1024 * 1024, label: "11 MB" };
/**
 * Every other page: the longest text field (200,000 characters of markdown) takes up to 1.8 MB when a browser
 * percent-encodes it as non-ASCII text. Kept this low because a refused form is shown again with what was typed:
 * echoing megabytes of text costs a worker about 0.2 s per MB.
 */
export const PAGE_BODY_LIMIT: BodyLimit = { bytes: 2 * 1024 * 1024, label: "2 MB" };

/** The tools' pages take large inputs; every other page's forms are far smaller. */
function bodyLimitFor(pathname: string): BodyLimit {
  return pathname.startsWith("/tools/") ? TOOL_BODY_LIMIT : PAGE_BODY_LIMIT;
}

/** The routes of the server build, as far as the gate reads them. */
export type GateRoutes = Record<
  string,
  | {
      id: string;
      parentId?: string;
      path?: string;
      index?: boolean;
      caseSensitive?: boolean;
      module: { action?: unknown };
    }
  | undefined
>;

type FormGate = (request: Request) => Promise<Request | Response>;

/**
 * The gate for a build's routes. A route whose action declares no fields fails here, at start-up, so an action
 * cannot be added without saying what it takes.
 */
export function createPageFormGate(routes: GateRoutes): FormGate {
  const undeclared = Object.values(routes)
    .filter((route) => route?.module.action && !declaredFieldsOf(route.module.action))
    .map((route) => route!.id);
  if (undeclared.length > 0)
    throw new Error(
      `These routes' actions declare no fields: ${undeclared.join(", ")}. ` +
        `Export the action as declaredAction(formFields(…), …) (app/utils/form-fields.ts).`,
    );
  const tree = routeTree(routes);
  return async (request) => {
    if (request.method === "GET" || request.method === "HEAD") return request;
    const url = new URL(request.url);
    const fields = targetFields(routes, tree, url);
    // No action there: React Router answers 405 without reading the body.
    if (!fields) return request;
    return screenFormPost(request, fields);
  };
}

function routeTree(routes: GateRoutes): RouteObject[] {
  const children = (parentId: string | undefined): RouteObject[] =>
    Object.values(routes)
      .filter((route) => route && route.parentId === parentId)
      .map((route) => {
        const nested = children(route!.id);
        const base = { id: route!.id, path: route!.path, caseSensitive: route!.caseSensitive };
        return route!.index ? { ...base, index: true } : { ...base, children: nested };
      });
  return children(undefined);
}

/**
 * The fields of the action React Router would run for this URL: its single-fetch `.data` form included, and the
 * index route only with a bare `?index` (React Router's own rule), otherwise the deepest route with a path.
 */
function targetFields(routes: GateRoutes, tree: RouteObject[], url: URL): FormFields | null {
  let pathname = url.pathname;
  if (pathname.endsWith("/_.data")) pathname = pathname.slice(0, -"_.data".length);
  else if (pathname.endsWith(".data")) pathname = pathname.slice(0, -".data".length);
  const matches = matchRoutes(tree, pathname);
  if (!matches || matches.length === 0) return null;
  const last = matches[matches.length - 1]!;
  const nakedIndex = url.searchParams.getAll("index").some((value) => value === "");
  const target =
    last.route.index && nakedIndex
      ? last
      : matches.filter((match, position) => position === 0 || (match.route.path ?? "").length > 0).at(-1)!;
  const action = routes[target.route.id!]?.module.action;
  return action ? (declaredFieldsOf(action) ?? null) : null;
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * Reads a form post whole, within its page's body limit (bodyLimitFor), and checks its fields against `fields`.
 * Returns the request to hand on (with the body read into memory, so an action's `request.formData()` parses the
 * same bytes), or the refusal.
 */
async function screenFormPost(request: Request, fields: FormFields): Promise<Request | Response> {
  const contentType = parseContentType(request.headers.get("content-type"));
  const limit = bodyLimitFor(new URL(request.url).pathname);
  const declaredLength = Number(request.headers.get("content-length") ?? Number.NaN);
  if (declaredLength > limit.bytes) return tooLarge(limit);

  const read = await readBody(request, limit.bytes);
  if (read === "too large") return tooLarge(limit);
  if (read instanceof BodyRefused) {
    const refusal = refuse(read.status, read.status === 408 ? "Request too slow" : "Server busy", read.message);
    if (read.status === 503) refusal.headers.set("Retry-After", "2");
    return refusal;
  }
  const body = read;
  if (typeof contentType === "string") return refuse(400, "Form not accepted", contentType);
  if (body.length === 0 && (contentType.mediaType === "" || FORM_TYPES.includes(contentType.mediaType)))
    return withBody(request, body);
  if (!FORM_TYPES.includes(contentType.mediaType)) {
    return refuse(
      415,
      "Unsupported form encoding",
      `The site's forms are sent as application/x-www-form-urlencoded or multipart/form-data; this ` +
        `request was ${contentType.mediaType ? escapeHtml(contentType.mediaType) : "sent without a Content-Type"}.`,
    );
  }
  const problem =
    contentType.mediaType === "multipart/form-data"
      ? checkMultipart(body, contentType.boundary, fields)
      : checkUrlEncoded(body, fields);
  if (problem) return refuse(400, "Form not accepted", escapeHtml(problem));
  return withBody(request, body);
}

/**
 * The Content-Type of a form post, in the one plain shape browsers send: the media type, a boundary for multipart
 * (RFC 2046's characters), a charset for urlencoded; any other parameter, or one twice, is a refusal (the string).
 */
function parseContentType(header: string | null): { mediaType: string; boundary: string | null } | string {
  if (header === null) return { mediaType: "", boundary: null };
  if (header.length > 200) return "The form's Content-Type header is longer than 200 characters.";
  const [type, ...parameters] = header.split(";");
  const mediaType = type!.trim().toLowerCase();
  if (!FORM_TYPES.includes(mediaType)) return { mediaType, boundary: null };
  const allowed = mediaType === "multipart/form-data" ? "boundary" : "charset";
  let value: string | null = null;
  for (const parameter of parameters) {
    const match = /^\s*([A-Za-z-]+)=(?:"([^"]*)"|([^\s";]+))\s*$/.exec(parameter);
    if (!match || match[1]!.toLowerCase() !== allowed || value !== null)
      return `The form's Content-Type may carry one ${allowed} parameter and nothing else.`;
    value = match[2] ?? match[3]!;
  }
  if (mediaType === "application/x-www-form-urlencoded") {
    if (value !== null && value.toLowerCase() !== "utf-8") return "The form must be sent as UTF-8.";
    return { mediaType, boundary: null };
  }
  if (value === null || !/^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/.test(value))
    return "The form's Content-Type names no valid multipart boundary (1 to 70 characters of RFC 2046).";
  return { mediaType, boundary: value };
}

/** The body whole; refused past its limit, past the worker's budget for unfinished bodies, or when it stalls. */
async function readBody(
  request: Request,
  limitBytes: number,
): Promise<Buffer<ArrayBuffer> | "too large" | BodyRefused> {
  if (!request.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = workerBodyBudget.meter(request.body).getReader();
  for (;;) {
    let next: Awaited<ReturnType<typeof reader.read>>;
    try {
      next = await reader.read();
    } catch (error) {
      if (error instanceof BodyRefused) return error;
      throw error;
    }
    const { done, value } = next;
    if (done) break;
    total += value.byteLength;
    if (total > limitBytes) {
      await reader.cancel().catch(() => {});
      return "too large";
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

/**
 * The request as the action sees it. An empty post (a sign-out button, a post without a Content-Type) is handed on
 * as an empty urlencoded form, so `request.formData()` gives no fields instead of throwing.
 */
function withBody(request: Request, body: Buffer<ArrayBuffer>): Request {
  const headers = new Headers(request.headers);
  if (body.length === 0) headers.set("content-type", "application/x-www-form-urlencoded");
  return new Request(request.url, {
    method: request.method,
    headers,
    body,
    signal: request.signal,
  });
}

function tooLarge(limit: BodyLimit): Response {
  return refuse(
    413,
    "Request too large",
    `The form you sent is larger than ${limit.label}, the most this page accepts in one post.`,
    limit === TOOL_BODY_LIMIT
      ? `The JSON formatter takes inputs up to ${MAX_JSON_INPUT_LABEL}, the URL decoder &amp; encoder ` +
          `up to ${MAX_URL_INPUT_LABEL}. Go back, shorten the input and send it again.`
      : "Go back, shorten the text and send it again.",
  );
}

/** The refusal page's only style, allowed by its hash: the page runs no script and loads nothing. */
const REFUSAL_STYLE =
  "body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5}";
const REFUSAL_POLICY = [
  "default-src 'none'",
  `style-src 'sha256-${createHash("sha256").update(REFUSAL_STYLE).digest("base64")}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

/** A small page of its own: the refusal comes before the app, its layout and its nonce. */
function refuse(status: number, title: string, ...paragraphs: string[]): Response {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${REFUSAL_STYLE}</style>
</head>
<body><h1>HTTP ${status}: ${title}</h1>
${paragraphs.map((text) => `<p>${text}</p>`).join("\n")}
<p><a href="/">Home</a></p></body></html>`;
  return new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy": REFUSAL_POLICY,
    },
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
