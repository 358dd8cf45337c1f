// The one gate in front of every page action: a form post is read and its shape checked here, before React Router,
// Conform or zod see it. Form parsers build arrays as long as the largest index a field name asks for, and take
// time that grows with the square of the number of fields, so these bounds are checked on the raw bytes, in one
// linear pass, without building anything from the field names first.
import { BodyRefused, workerBodyBudget } from "../server/lib/body-budget";
import { MAX_JSON_INPUT_LABEL } from "../shared/tools/json/limits";
import { MAX_URL_INPUT_LABEL } from "../shared/tools/url/options";

/** A post's size limit, with the words its refusal uses. */
export interface BodyLimit {
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
export function bodyLimitFor(pathname: string): BodyLimit {
  return pathname.startsWith("/tools/") ? TOOL_BODY_LIMIT : PAGE_BODY_LIMIT;
}
/** The largest form of the site has a few dozen fields; a list of tags or ids stays far below this. */
export const MAX_FORM_FIELDS = 1_000;
/** Field names are short words with a few `.key` / `[index]` parts. */
export const MAX_FIELD_NAME_LENGTH = 200;
/** The largest `[index]` a field name may hold: a parser makes an array this long to put the value there. */
export const MAX_FIELD_INDEX = 1_000;
/** How often one name may repeat (checkbox lists, several values of one field). */
export const MAX_SAME_NAME_FIELDS = 500;
/** A multipart part's headers (Content-Disposition, Content-Type) fit in far less. */
const MAX_PART_HEADER_BYTES = 16 * 1024;

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * Reads a form post whole, within its page's body limit (bodyLimitFor), and checks its fields. Returns the request to
 * hand on (with the body read into memory, so an action's `request.formData()` parses the same bytes), or the refusal.
 */
export async function screenFormPost(request: Request): Promise<Request | Response> {
  if (request.method === "GET" || request.method === "HEAD") return request;
  const contentType = request.headers.get("content-type") ?? "";
  const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
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
  if (body.length === 0 && (mediaType === "" || FORM_TYPES.includes(mediaType))) return withBody(request, body);
  if (!FORM_TYPES.includes(mediaType)) {
    return refuse(
      415,
      "Unsupported form encoding",
      `The site's forms are sent as application/x-www-form-urlencoded or multipart/form-data; this ` +
        `request was ${mediaType ? escapeHtml(mediaType) : "sent without a Content-Type"}.`,
    );
  }

  const problem =
    mediaType === "multipart/form-data" ? checkMultipart(body, boundaryOf(contentType)) : checkUrlEncoded(body);
  if (problem) return refuse(400, "Form not accepted", problem);
  return withBody(request, body);
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

const NAME_TOO_LONG = `A field name is longer than ${MAX_FIELD_NAME_LENGTH} characters, the most this site accepts.`;

/** Counts the fields of one form and checks each name; the first problem found is the answer. */
class FieldCounter {
  private fields = 0;
  private readonly perName = new Map<string, number>();

  add(name: string): string | null {
    this.fields++;
    if (this.fields > MAX_FORM_FIELDS)
      return (
        `The form has more than ${MAX_FORM_FIELDS.toLocaleString("en")} ` +
        `fields, the most this site accepts in one post.`
      );
    if (name.length > MAX_FIELD_NAME_LENGTH) return NAME_TOO_LONG;
    for (const match of name.matchAll(/\[(\d+)\]/g)) {
      const index = match[1]!;
      if (index.length > 5 || Number(index) > MAX_FIELD_INDEX) {
        return (
          `The field name "${escapeHtml(name)}" asks for the list position ` +
          `${escapeHtml(index.length > 12 ? `${index.slice(0, 12)}…` : index)}; positions go up to ` +
          `${MAX_FIELD_INDEX.toLocaleString("en")}.`
        );
      }
    }
    const seen = (this.perName.get(name) ?? 0) + 1;
    this.perName.set(name, seen);
    if (seen > MAX_SAME_NAME_FIELDS)
      return `The field "${escapeHtml(name)}" appears more than ${MAX_SAME_NAME_FIELDS} times in the form.`;
    return null;
  }
}

/** `a=1&b=2`: every name between `&` and `=`, decoded as URLSearchParams would (`+` is a space). */
export function checkUrlEncoded(body: Buffer): string | null {
  const counter = new FieldCounter();
  // A name longer than this many bytes is too long however it decodes (%XX is three bytes for one).
  const maxEncodedName = MAX_FIELD_NAME_LENGTH * 12;
  let start = 0;
  while (start <= body.length) {
    let end = body.indexOf(0x26 /* & */, start);
    if (end === -1) end = body.length;
    if (end > start) {
      let nameEnd = body.indexOf(0x3d /* = */, start);
      if (nameEnd === -1 || nameEnd > end) nameEnd = end;
      if (nameEnd - start > maxEncodedName) return NAME_TOO_LONG;
      // The name alone, decoded by the same parser the action's request.formData() uses.
      const name = new URLSearchParams(body.toString("utf8", start, nameEnd)).keys().next().value ?? "";
      const problem = counter.add(name);
      if (problem) return problem;
    }
    start = end + 1;
  }
  return null;
}

function boundaryOf(contentType: string): string | null {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2]!) : null;
}

/** Each part's name from its Content-Disposition header; the parts' contents are not looked at. */
export function checkMultipart(body: Buffer, boundary: string | null): string | null {
  if (!boundary) return "The form's Content-Type names no multipart boundary.";
  const counter = new FieldCounter();
  const delimiter = Buffer.from(`\r\n--${boundary}`, "latin1");
  // The first delimiter may open the body without a line break before it.
  let at = body.subarray(0, delimiter.length - 2).equals(delimiter.subarray(2)) ? -2 : body.indexOf(delimiter);
  if (at === -1) return "The form's body does not contain its multipart boundary.";
  for (;;) {
    const afterDelimiter = at + delimiter.length;
    // `--boundary--` closes the body.
    if (body[afterDelimiter] === 0x2d && body[afterDelimiter + 1] === 0x2d) return null;
    const headersEnd = body.indexOf("\r\n\r\n", afterDelimiter, "latin1");
    if (headersEnd === -1 || headersEnd - afterDelimiter > MAX_PART_HEADER_BYTES)
      return "A part of the multipart form has no end to its headers.";
    const headers = body.toString("utf8", afterDelimiter, headersEnd);
    const disposition = /^content-disposition:[^\r\n]*?;\s*name="([^"]*)"/im.exec(headers);
    const problem = counter.add(
      disposition ? disposition[1]!.replaceAll("%22", '"').replaceAll("%0D", "\r").replaceAll("%0A", "\n") : "",
    );
    if (problem) return problem;
    at = body.indexOf(delimiter, headersEnd + 4);
    if (at === -1) return "The multipart form ends without its closing boundary.";
  }
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

/** A small page of its own: the refusal comes before the app, its layout and its nonce. */
function refuse(status: number, title: string, ...paragraphs: string[]): Response {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5}</style>
</head>
<body><h1>HTTP ${status}: ${title}</h1>
${paragraphs.map((text) => `<p>${text}</p>`).join("\n")}
<p><a href="/">Home</a></p></body></html>`;
  return new Response(html, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
