// The fields of one form post, checked against its action's declaration (app/utils/form-fields.ts) in one linear
// pass over the raw bytes: every name with Conform's own name parser, list positions against the declared lengths,
// Conform's control fields against a bounded schema of their own, and multipart parts against the one plain shape
// browsers send. Nothing is built from a name before the name is known to be declared.
import { getPaths } from "@conform-to/dom";
import { z } from "zod";
import type { FieldRule, FormFields } from "#app/utils/form-fields.ts";

/** The largest form of the site has a few dozen fields; a list of tags or ids stays far below this. */
const MAX_FORM_FIELDS = 1_000;
/** Field names are short words with a few `.key` / `[index]` parts. */
export const MAX_FIELD_NAME_LENGTH = 200;
/** A multipart part's headers: Content-Disposition with a file's name, and Content-Type. */
const MAX_PART_HEADER_BYTES = 2 * 1024;
/** Conform's `__intent__` (a list button's JSON) is a few dozen bytes. */
const MAX_CONTROL_FIELD_BYTES = 4 * 1024;

/** Conform's own control fields; the site's forms post only the intent of a button. */
const INTENT_FIELD = "__intent__";
const STATE_FIELD = "__state__";

/** A name as a message quotes it: short, and without the characters a page would read as markup. */
function quoted(name: string): string {
  const shown = name.length > 60 ? `${name.slice(0, 60)}…` : name;
  return `"${shown.replace(/\p{Cc}/gu, "?")}"`;
}

/** Checks each field of one form against the action's declaration; the first problem found is the answer. */
class FieldChecker {
  private count = 0;
  private readonly seen = new Map<string, number>();
  readonly controls = new Map<string, string>();

  private readonly fields: FormFields;

  constructor(fields: FormFields) {
    this.fields = fields;
  }

  /** `value` is read only for Conform's control fields (a getter, so other values are never decoded). */
  add(name: string, isFile: boolean, value: () => string | null): string | null {
    this.count++;
    if (this.count > MAX_FORM_FIELDS)
      return (
        `The form has more than ${MAX_FORM_FIELDS.toLocaleString("en")} fields, ` +
        `the most this site accepts in one post.`
      );
    if (name.length > MAX_FIELD_NAME_LENGTH)
      return `A field name is longer than ${MAX_FIELD_NAME_LENGTH} characters, the most this site accepts.`;
    if (name === INTENT_FIELD || name === STATE_FIELD) return this.addControl(name, isFile, value);
    const rule = ruleAt(this.fields, name);
    if (typeof rule === "string") return rule;
    if (isFile && rule.rule.kind !== "file") return `The field ${quoted(name)} takes text, not a file.`;
    const times = (this.seen.get(name) ?? 0) + 1;
    this.seen.set(name, times);
    const most = rule.rule.kind === "list" ? rule.rule.max : 1;
    if (times > most)
      return most === 1
        ? `The field ${quoted(name)} is sent more than once; it takes one value.`
        : `The field ${quoted(name)} is sent more than ${most} times; it takes at most ${most} values.`;
    return null;
  }

  private addControl(name: string, isFile: boolean, value: () => string | null): string | null {
    if (name === STATE_FIELD) return `The site's forms do not send Conform's ${STATE_FIELD} field.`;
    if (isFile || this.controls.has(name)) return `The field ${name} takes one text value.`;
    const text = value();
    if (text === null || Buffer.byteLength(text) > MAX_CONTROL_FIELD_BYTES)
      return `The field ${name} is longer than ${MAX_CONTROL_FIELD_BYTES / 1024} KB.`;
    this.controls.set(name, text);
    return checkIntent(text, this.fields);
  }
}

/**
 * The rule a field name reaches, read with Conform's own name parser, or why the action takes no such field. A
 * value's name must end at a value; an intent may name a whole object or list (`wholeObject`).
 */
function ruleAt(fields: FormFields, name: string, wholeObject = false): { rule: FieldRule } | string {
  const unknown = `This form has no field named ${quoted(name)}.`;
  let segments: (string | number)[];
  try {
    segments = getPaths(name);
  } catch {
    return unknown;
  }
  if (segments.length === 0) return wholeObject ? { rule: fields.root } : "A field of the form has no name.";
  let rule: FieldRule = fields.root;
  for (const [position, segment] of segments.entries()) {
    if (rule.kind === "object" && typeof segment === "string") {
      const next = rule.fields.get(segment);
      if (!next) return unknown;
      rule = next;
    } else if (rule.kind === "list" && typeof segment === "number") {
      if (segment >= rule.max)
        return `The field ${quoted(name)} asks for entry ${segment} of a list of at most ${rule.max}.`;
      rule = rule.item;
    } else if (rule.kind === "list" && segment === "" && position === segments.length - 1) {
      return { rule };
    } else {
      return unknown;
    }
  }
  if (rule.kind === "object" && !wholeObject) return unknown;
  return { rule };
}

const controlName = z.string().max(MAX_FIELD_NAME_LENGTH);
const controlIndex = z.number().int().min(0).max(MAX_FORM_FIELDS);
const controlValue = z.union([z.string(), z.array(z.string()).max(MAX_FORM_FIELDS)]);

/** Conform's intents as its buttons post them (@conform-to/dom's serializeIntent), and nothing more. */
const IntentSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("validate"), payload: z.strictObject({ name: controlName.optional() }) }),
  z.strictObject({
    type: z.literal("update"),
    payload: z.strictObject({
      name: controlName.optional(),
      index: controlIndex.optional(),
      value: controlValue.optional(),
      validated: z.boolean().optional(),
    }),
  }),
  z.strictObject({
    type: z.literal("reset"),
    payload: z.strictObject({ name: controlName.optional(), index: controlIndex.optional() }),
  }),
  z.strictObject({
    type: z.literal("insert"),
    payload: z.strictObject({
      name: controlName,
      index: controlIndex.optional(),
      defaultValue: controlValue.optional(),
    }),
  }),
  z.strictObject({ type: z.literal("remove"), payload: z.strictObject({ name: controlName, index: controlIndex }) }),
  z.strictObject({
    type: z.literal("reorder"),
    payload: z.strictObject({ name: controlName, from: controlIndex, to: controlIndex }),
  }),
]);

/** A Conform intent: its bounded shape, then the field it names is declared and its positions are in the list. */
function checkIntent(text: string, fields: FormFields): string | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return `The field ${INTENT_FIELD} is not a form intent.`;
  }
  const parsed = IntentSchema.safeParse(json);
  if (!parsed.success) return `The field ${INTENT_FIELD} is not a form intent.`;
  const intent = parsed.data;
  const name = intent.payload.name ?? "";
  const target = ruleAt(fields, name, true);
  if (typeof target === "string") return target;
  const { rule } = target;
  const positions =
    intent.type === "reorder"
      ? [intent.payload.from, intent.payload.to]
      : "index" in intent.payload && intent.payload.index !== undefined
        ? [intent.payload.index]
        : [];
  if (positions.length === 0 && !["insert", "remove", "reorder"].includes(intent.type)) return null;
  if (rule.kind !== "list") return `The field ${quoted(name)} is not a list.`;
  for (const position of positions) {
    // An insert may add one entry after the last.
    if (position > rule.max)
      return `The field ${quoted(name)} asks for entry ${position} of a list of at most ${rule.max}.`;
  }
  return null;
}

/** `a=1&b=2`: every name between `&` and `=`, decoded as URLSearchParams would (`+` is a space). */
export function checkUrlEncoded(body: Buffer, fields: FormFields): string | null {
  const checker = new FieldChecker(fields);
  // A name longer than this many bytes is too long however it decodes (%XX is three bytes for one).
  const maxEncodedName = MAX_FIELD_NAME_LENGTH * 12;
  let start = 0;
  while (start < body.length) {
    let end = body.indexOf(0x26 /* & */, start);
    if (end === -1) end = body.length;
    if (end > start) {
      let nameEnd = body.indexOf(0x3d /* = */, start);
      if (nameEnd === -1 || nameEnd > end) nameEnd = end;
      if (nameEnd - start > maxEncodedName)
        return `A field name is longer than ${MAX_FIELD_NAME_LENGTH} characters, the most this site accepts.`;
      // The name alone, decoded by the same parser the action's request.formData() uses.
      const name = decodeFormComponent(body.toString("utf8", start, nameEnd));
      const valueStart = Math.min(nameEnd + 1, end);
      const problem = checker.add(name, false, () =>
        end - valueStart > MAX_CONTROL_FIELD_BYTES * 3
          ? null
          : decodeFormComponent(body.toString("utf8", valueStart, end)),
      );
      if (problem) return problem;
    }
    start = end + 1;
  }
  return null;
}

/** One name or value, decoded as URLSearchParams decodes a form (`+` is a space); the text holds no `&`. */
function decodeFormComponent(text: string): string {
  return new URLSearchParams(`x=${text}`).get("x") ?? "";
}

/**
 * `--boundary CRLF headers CRLF CRLF content CRLF --boundary … --boundary--`: exactly that, with each part's
 * headers one Content-Disposition (`form-data; name="…"` and a file's `filename="…"`) and at most one
 * Content-Type. Anything else a parser could read two ways is refused, so the name checked is the name parsed.
 */
export function checkMultipart(body: Buffer, boundary: string | null, fields: FormFields): string | null {
  if (!boundary) return "The form's Content-Type names no multipart boundary.";
  const checker = new FieldChecker(fields);
  const opening = Buffer.from(`--${boundary}`, "latin1");
  const delimiter = Buffer.from(`\r\n--${boundary}`, "latin1");
  if (!body.subarray(0, opening.length).equals(opening)) return "The multipart form does not begin with its boundary.";
  let afterDelimiter = opening.length;
  for (;;) {
    // `--boundary--` closes the body; nothing but a line break may follow.
    if (body[afterDelimiter] === 0x2d && body[afterDelimiter + 1] === 0x2d) {
      const rest = body.subarray(afterDelimiter + 2);
      if (rest.length === 0 || (rest.length === 2 && rest[0] === 0x0d && rest[1] === 0x0a)) return null;
      return "The multipart form goes on after its closing boundary.";
    }
    if (body[afterDelimiter] !== 0x0d || body[afterDelimiter + 1] !== 0x0a)
      return "A multipart boundary is not followed by a line break.";
    const headersStart = afterDelimiter + 2;
    const headersEnd = body.indexOf("\r\n\r\n", headersStart, "latin1");
    if (headersEnd === -1 || headersEnd - headersStart > MAX_PART_HEADER_BYTES)
      return (
        `A part of the multipart form has headers longer than ${MAX_PART_HEADER_BYTES / 1024} KB, ` +
        `or no end to them.`
      );
    const part = parsePartHeaders(body.toString("utf8", headersStart, headersEnd));
    if (typeof part === "string") return part;
    const contentStart = headersEnd + 4;
    const next = body.indexOf(delimiter, contentStart);
    if (next === -1) return "The multipart form ends without its closing boundary.";
    const problem = checker.add(part.name, part.isFile, () =>
      next - contentStart > MAX_CONTROL_FIELD_BYTES ? null : body.toString("utf8", contentStart, next),
    );
    if (problem) return problem;
    afterDelimiter = next + delimiter.length;
  }
}

/** One part's headers, in the shape browsers send; anything else is a refusal (the string). */
function parsePartHeaders(text: string): { name: string; isFile: boolean } | string {
  let disposition: string | null = null;
  let hasType = false;
  for (const line of text.split("\r\n")) {
    const header = /^([A-Za-z-]+):[ \t]*(.*)$/.exec(line);
    if (!header) return "A part of the multipart form has a malformed header line.";
    const name = header[1]!.toLowerCase();
    if (name === "content-disposition") {
      if (disposition !== null) return "A part of the multipart form has more than one Content-Disposition.";
      disposition = header[2]!;
    } else if (name === "content-type") {
      if (hasType) return "A part of the multipart form has more than one Content-Type.";
      hasType = true;
    } else {
      return "A part of the multipart form has a header other than Content-Disposition and Content-Type.";
    }
  }
  if (disposition === null) return "A part of the multipart form has no Content-Disposition.";
  const parameters = /^form-data((?:;[ \t]*[A-Za-z*]+="[^"\\\r\n]*"[ \t]*)*)$/i.exec(disposition);
  if (!parameters) return "A part of the multipart form has a malformed Content-Disposition.";
  let name: string | null = null;
  let filename: string | null = null;
  for (const [, key, value] of parameters[1]!.matchAll(/;[ \t]*([A-Za-z*]+)="([^"]*)"/g)) {
    const lower = key!.toLowerCase();
    if (lower === "name" && name === null) name = value!;
    else if (lower === "filename" && filename === null) filename = value!;
    else
      return "A part of the multipart form has a Content-Disposition parameter other than one name and one filename.";
  }
  if (name === null) return "A part of the multipart form has no name.";
  return { name, isFile: filename !== null };
}
