// JSON the site stores (site vars, key/value entries) is kept as the text it was given: digits, key order, escapes
// and whitespace as written. JSON.parse would round big numbers, drop `1.0`'s zero, reorder integer-like keys and
// keep one of two equal keys, so this text is checked with the lossless parser and never turned into JavaScript
// values on its way in or out; a member's text is found in a larger document (an /api body or answer) the same way.
import { checkJsonLimits } from "./json-limits";
import { parseJson, type JsonNode } from "./tools/json/parse";

export type JsonTextCheck = { ok: true; root: JsonNode } | { ok: false; message: string };

const BYTE_ORDER_MARK = 0xfeff;

/**
 * Whether `text` is one strict JSON value (RFC 8259) within the site's nesting and size limits, with no key twice
 * in an object. `subject` starts the messages ("The value").
 */
export function checkJsonText(text: string, subject: string): JsonTextCheck {
  const tooLarge = checkJsonLimits(text, subject);
  if (tooLarge) return { ok: false, message: tooLarge.message };
  // The parser skips a leading byte order mark; stored text is sent inside other JSON, where one is not allowed.
  if (text.charCodeAt(0) === BYTE_ORDER_MARK) {
    return { ok: false, message: `${subject} starts with an invisible byte order mark (U+FEFF): remove it.` };
  }
  const parsed = parseJson(text);
  if (!parsed.ok) {
    const { line, column, message } = parsed.error;
    return { ok: false, message: `Enter valid JSON (line ${line}, column ${column}: ${message})` };
  }
  const repeated = parsed.duplicates[0];
  if (repeated) {
    const where = repeated.path === "$" ? "" : ` in ${repeated.path}`;
    return {
      ok: false,
      message:
        `${subject} has the key "${repeated.key}" more than once${where} (lines ${repeated.lines.join(", ")}); ` +
        "JSON readers keep only one of them, so rename or remove the others.",
    };
  }
  return { ok: true, root: parsed.root };
}

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;

/** Where the array or object opening at `start` of valid strict JSON ends (after its closing bracket). */
function containerEnd(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      for (i++; i < text.length; i++) {
        const inside = text.charCodeAt(i);
        if (inside === BACKSLASH) i++;
        else if (inside === QUOTE) break;
      }
    } else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      depth++;
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return text.length;
}

/** The text of a node of `source` (as parsed by parseJson), exactly as written. */
export function nodeText(source: string, node: JsonNode): string {
  return typeof node === "string" ? node : source.slice(node.offset, containerEnd(source, node.offset));
}

/** An object's member as JSON.parse would keep it: the last one of that name. */
export function memberNode(node: JsonNode | undefined, key: string): JsonNode | undefined {
  if (node === undefined || typeof node === "string" || node.type !== "object") return undefined;
  return node.entries.findLast((entry) => entry.key === key)?.value;
}

/**
 * The text of every value at `path` in the JSON text `source`, in document order: path steps are member names,
 * and "*" for every item of an array. An item without the member gives undefined, so the list lines up with
 * the array's items.
 */
export function jsonTextsAt(source: string, path: readonly string[]): (string | undefined)[] {
  const parsed = parseJson(source);
  if (!parsed.ok) return [];
  let nodes: (JsonNode | undefined)[] = [parsed.root];
  for (const step of path) {
    const next: (JsonNode | undefined)[] = [];
    for (const node of nodes) {
      if (step !== "*") next.push(memberNode(node, step));
      else if (node !== undefined && typeof node !== "string" && node.type === "array") next.push(...node.items);
    }
    nodes = next;
  }
  return nodes.map((node) => (node === undefined ? undefined : nodeText(source, node)));
}

/** Where the member whose key starts at `keyOffset` (its raw key `rawKey`) has its value in `source`. */
function memberValueStart(source: string, keyOffset: number, rawKey: string): number {
  let i = keyOffset + rawKey.length;
  // Whitespace and the colon between the key and its value: nothing else can stand there in valid JSON.
  while (i < source.length && /[\s:]/.test(source[i]!)) i++;
  return i;
}

/**
 * The JSON text of an object with each of `members` set to its string: a member already there gets the new value in
 * its place, the others are added after the last member; all else stays as written. `objectText` is one valid JSON
 * object without a key written twice (checkJsonText); anything else comes back unchanged.
 */
export function withStringMembers(objectText: string, members: Record<string, string>): string {
  const parsed = parseJson(objectText);
  if (!parsed.ok || typeof parsed.root === "string" || parsed.root.type !== "object") return objectText;
  const { root } = parsed;
  const edits: { start: number; end: number; text: string }[] = [];
  const added: string[] = [];
  for (const [key, value] of Object.entries(members)) {
    const entry = root.entries.findLast((candidate) => candidate.key === key);
    if (!entry) {
      added.push(`${JSON.stringify(key)}:${JSON.stringify(value)}`);
      continue;
    }
    const start = memberValueStart(objectText, entry.offset, entry.rawKey);
    edits.push({ start, end: start + nodeText(objectText, entry.value).length, text: JSON.stringify(value) });
  }
  if (added.length) {
    const last = root.entries.at(-1);
    const at = last
      ? memberValueStart(objectText, last.offset, last.rawKey) + nodeText(objectText, last.value).length
      : root.offset + 1;
    edits.push({ start: at, end: at, text: `${last ? "," : ""}${added.join(",")}` });
  }
  let text = objectText;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
  }
  return text;
}
