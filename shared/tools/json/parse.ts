// A lossless JSON parser: keeps number text exactly as written, keeps key order (also of integer-like keys, which
// JavaScript objects would reorder), keeps string text with its escapes, and reports duplicate keys.
// Strict RFC 8259 by default; `jsonc` also accepts comments and trailing commas and lists what it removed.
// Iterative, with an explicit stack, so deeply nested input cannot overflow the call stack; nesting past
// MAX_JSON_DEPTH is a syntax error at the bracket that goes too deep.
import { printable, quoteExcerpt, sliceWhole } from "../printable-text";
import { caretExcerpt, LineIndex, positionAt, type CaretExcerpt } from "../text-position";
import { MAX_JSON_DEPTH, REPORT_MAX_ITEMS } from "./limits";

export interface JsonObjectNode {
  type: "object";
  offset: number;
  entries: JsonEntry[];
}
export interface JsonEntry {
  /** The key's value, escapes decoded: what a parser compares and sorts. */
  key: string;
  /** The key as written, with its quotes and escapes: what the formatter prints. */
  rawKey: string;
  offset: number;
  value: JsonNode;
}
export interface JsonArrayNode {
  type: "array";
  offset: number;
  items: JsonNode[];
}
/**
 * A scalar is its text as written: a string with its quotes and escapes, a number digit for digit, true, false or
 * null. Kept as a bare string (no wrapper object) because scalars are most of a document's values.
 */
export type JsonScalar = string;
export type JsonNode = JsonObjectNode | JsonArrayNode | JsonScalar;

export function scalarKind(raw: JsonScalar): "string" | "number" | "literal" {
  const first = raw.charCodeAt(0);
  return first === 34 ? "string" : first === 116 || first === 102 || first === 110 ? "literal" : "number";
}

export interface JsonSyntaxError extends CaretExcerpt {
  offset: number;
  message: string;
  /** A plain suggestion for the likely cause. */
  hint?: string;
  /** Another spot that explains the error, such as where an unclosed bracket opened. */
  related?: { line: number; column: number; label: string };
}

export type RemovalKind = "line comment" | "block comment" | "trailing comma";
export interface Removal {
  kind: RemovalKind;
  line: number;
}

export interface DuplicateKey {
  /** Where the object is, as a JSONPath such as $.items[2]. */
  path: string;
  /** The key as written (without its quotes). */
  key: string;
  /** Lines of every occurrence, in order. */
  lines: number[];
  /** JSON.parse and most parsers keep the last value. */
  keptLine: number;
}

export interface ImpreciseNumber {
  line: number;
  text: string;
  /** What JavaScript's JSON.parse would turn it into. */
  parsed: string;
}

export interface ParseReport {
  removals: Removal[];
  removalCounts: Record<RemovalKind, number>;
  duplicates: DuplicateKey[];
  duplicateCount: number;
  impreciseNumbers: ImpreciseNumber[];
  impreciseNumberCount: number;
  /** A byte order mark at the start was skipped (RFC 8259, section 8.1, allows ignoring it). */
  bomIgnored: boolean;
  valueCount: number;
  maxDepth: number;
}

export type ParseResult = (
  | {
      ok: true;
      root: JsonNode;
      /**
       * UTF-8 bytes beyond one per UTF-16 unit in the document's strings and keys: printed text of the tree is
       * `length + this` bytes (everything outside strings is ASCII, and comments are not printed).
       */
      stringExtraUtf8Bytes: number;
    }
  | { ok: false; error: JsonSyntaxError }
) &
  ParseReport;

export interface ParseOptions {
  jsonc?: boolean;
}

interface Frame {
  node: JsonObjectNode | JsonArrayNode;
  /** Key waiting for its value (objects only). */
  key: string;
  rawKey: string;
  keyOffset: number;
  /** Key lookup once an object has too many entries for a linear scan. */
  keyIndex: Map<string, number> | null;
  /** Offsets of every occurrence of each repeated key. */
  repeated: Map<string, number[]> | null;
}

interface PendingDuplicate {
  path: string;
  rawKey: string;
  offsets: number[];
}

class ParseFailure extends Error {
  constructor(
    readonly offset: number,
    message: string,
    readonly hint?: string,
    readonly related?: { offset: number; label: string },
  ) {
    super(message);
  }
}

const LINEAR_KEY_SCAN_MAX = 8;
/** Integers longer than this may exceed 2^53; shorter ones never do. */
const SAFE_INTEGER_DIGITS = 15;

const Char = {
  Tab: 9,
  LineFeed: 10,
  CarriageReturn: 13,
  Space: 32,
  Quote: 34,
  Apostrophe: 39,
  Plus: 43,
  Comma: 44,
  Minus: 45,
  Dot: 46,
  Slash: 47,
  Zero: 48,
  Nine: 57,
  Colon: 58,
  Semicolon: 59,
  Equals: 61,
  UpperE: 69,
  OpenBracket: 91,
  Backslash: 92,
  CloseBracket: 93,
  LowerE: 101,
  LowerX: 120,
  OpenBrace: 123,
  CloseBrace: 125,
  Star: 42,
} as const;

function isDigit(code: number): boolean {
  return code >= Char.Zero && code <= Char.Nine;
}
function isHexDigit(code: number): boolean {
  return isDigit(code) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102);
}
function isWordChar(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || isDigit(code) || code === 95 || code === 36;
}

/** Characters that look like whitespace or quotes but are not JSON's, with a name for the hint. */
const LOOKALIKES: Record<number, string> = {
  0x00a0: "a no-break space (U+00A0)",
  0x200b: "a zero-width space (U+200B)",
  0x2028: "a line separator (U+2028)",
  0x2029: "a paragraph separator (U+2029)",
  0x3000: "an ideographic space (U+3000)",
  0xfeff: "a zero-width no-break space (U+FEFF)",
};
const CURLY_QUOTES = new Set([0x2018, 0x2019, 0x201c, 0x201d, 0x201e, 0x00ab, 0x00bb]);

function describeChar(text: string, offset: number): string {
  if (offset >= text.length) return "the end of the input";
  const codePoint = text.codePointAt(offset)!;
  if (codePoint === Char.LineFeed || codePoint === Char.CarriageReturn) return "a line break";
  if (codePoint === Char.Tab) return "a tab";
  if (codePoint < 0x20 || (codePoint >= 0x7f && codePoint <= 0x9f))
    return `the control character U+${codePoint.toString(16).toUpperCase().padStart(4, "0")}`;
  if (LOOKALIKES[codePoint]) return LOOKALIKES[codePoint];
  return `'${printable(String.fromCodePoint(codePoint))}'`;
}

function jsonPathSegment(key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
}

export function parseJson(text: string, options: ParseOptions = {}): ParseResult {
  return new Parser(text, options.jsonc === true).run();
}

class Parser {
  private pos = 0;
  private readonly stack: Frame[] = [];
  private readonly removalOffsets: { kind: RemovalKind; offset: number }[] = [];
  private readonly removalCounts: Record<RemovalKind, number> = {
    "line comment": 0,
    "block comment": 0,
    "trailing comma": 0,
  };
  private readonly duplicates: PendingDuplicate[] = [];
  private duplicateCount = 0;
  private readonly imprecise: { offset: number; text: string; parsed: string }[] = [];
  private impreciseCount = 0;
  private valueCount = 0;
  private maxDepth = 0;
  private bomIgnored = false;
  private stringExtraUtf8Bytes = 0;

  constructor(
    private readonly text: string,
    private readonly jsonc: boolean,
  ) {}

  run(): ParseResult {
    let outcome: { ok: true; root: JsonNode; stringExtraUtf8Bytes: number } | { ok: false; error: JsonSyntaxError };
    try {
      const root = this.parseDocument();
      outcome = { ok: true, root, stringExtraUtf8Bytes: this.stringExtraUtf8Bytes };
    } catch (error) {
      if (!(error instanceof ParseFailure)) throw error;
      outcome = { ok: false, error: this.toSyntaxError(error) };
    }
    return { ...outcome, ...this.report() };
  }

  private report(): ParseReport {
    const lines = new LineIndex(this.text);
    return {
      removals: this.removalOffsets.map(({ kind, offset }) => ({ kind, line: lines.lineOf(offset) })),
      removalCounts: this.removalCounts,
      duplicates: this.duplicates
        .sort((a, b) => a.offsets[0]! - b.offsets[0]!)
        .map(({ path, rawKey, offsets }) => {
          const occurrenceLines = offsets.map((offset) => lines.lineOf(offset));
          return {
            path,
            key: printable(rawKey.slice(1, -1)),
            lines: occurrenceLines,
            keptLine: occurrenceLines[occurrenceLines.length - 1]!,
          };
        }),
      duplicateCount: this.duplicateCount,
      impreciseNumbers: this.imprecise.map(({ offset, text, parsed }) => ({
        line: lines.lineOf(offset),
        text,
        parsed,
      })),
      impreciseNumberCount: this.impreciseCount,
      bomIgnored: this.bomIgnored,
      valueCount: this.valueCount,
      maxDepth: this.maxDepth,
    };
  }

  private toSyntaxError(failure: ParseFailure): JsonSyntaxError {
    const excerpt = caretExcerpt(this.text, failure.offset);
    const related = failure.related
      ? { ...positionAt(this.text, failure.related.offset), label: failure.related.label }
      : undefined;
    return { ...excerpt, offset: failure.offset, message: failure.message, hint: failure.hint, related };
  }

  // ---- document structure ----

  private parseDocument(): JsonNode {
    if (this.text.charCodeAt(0) === 0xfeff) {
      this.bomIgnored = true;
      this.pos = 1;
    }
    this.skipWhitespace();
    if (this.pos >= this.text.length) {
      throw new ParseFailure(
        this.pos,
        "The input is empty.",
        "Paste a JSON value, such as an object {…} or an array […].",
      );
    }
    const root = this.parseValueTree();
    this.skipWhitespace();
    if (this.pos < this.text.length) this.failAfterDocument(root);
    return root;
  }

  /** Parses one value, descending into containers with the explicit stack. */
  private parseValueTree(): JsonNode {
    const baseDepth = this.stack.length;
    for (;;) {
      // Expect a value at this.pos (whitespace already skipped).
      let node: JsonNode | null = this.openContainerOrScalar();
      // Climb: attach finished values to their parents, handling commas and closing brackets.
      while (node) {
        if (this.stack.length === baseDepth) return node;
        const frame = this.stack[this.stack.length - 1]!;
        this.attach(frame, node);
        node = this.afterMember(frame);
      }
    }
  }

  /** Returns a scalar, or an empty container closed at once, or null after opening a non-empty container. */
  private openContainerOrScalar(): JsonNode | null {
    const code = this.text.charCodeAt(this.pos);
    if (code === Char.OpenBrace || code === Char.OpenBracket) {
      const isObject = code === Char.OpenBrace;
      const offset = this.pos;
      if (this.stack.length >= MAX_JSON_DEPTH) throw this.tooDeep(offset);
      const node: JsonObjectNode | JsonArrayNode = isObject
        ? { type: "object", offset, entries: [] }
        : { type: "array", offset, items: [] };
      this.valueCount++;
      this.pos++;
      this.skipWhitespace();
      const closer = isObject ? Char.CloseBrace : Char.CloseBracket;
      if (this.text.charCodeAt(this.pos) === closer) {
        this.pos++;
        return node;
      }
      const frame: Frame = { node, key: "", rawKey: "", keyOffset: 0, keyIndex: null, repeated: null };
      this.stack.push(frame);
      if (this.stack.length > this.maxDepth) this.maxDepth = this.stack.length;
      if (isObject) this.parseKey(frame, false);
      return null;
    }
    return this.parseScalar();
  }

  private attach(frame: Frame, value: JsonNode): void {
    const node = frame.node;
    if (node.type === "array") {
      node.items.push(value);
      return;
    }
    this.noteRepeatedKey(frame);
    node.entries.push({ key: frame.key, rawKey: frame.rawKey, offset: frame.keyOffset, value });
  }

  /**
   * After a member: a comma and the next member (returns null, next value expected), or the closer (returns the
   * container).
   */
  private afterMember(frame: Frame): JsonNode | null {
    const node = frame.node;
    const isObject = node.type === "object";
    const closer = isObject ? Char.CloseBrace : Char.CloseBracket;
    this.skipWhitespace();
    const code = this.text.charCodeAt(this.pos);
    if (code === Char.Comma) {
      const commaOffset = this.pos;
      this.pos++;
      this.skipWhitespace();
      if (this.text.charCodeAt(this.pos) === closer) {
        if (!this.jsonc) {
          throw new ParseFailure(
            commaOffset,
            `Trailing comma before '${isObject ? "}" : "]"}'.`,
            "JSON does not allow a comma after the last member: remove it, or " +
              "turn on “Allow comments and trailing commas (JSONC)”.",
          );
        }
        this.recordRemoval("trailing comma", commaOffset);
        return this.closeContainer(frame);
      }
      if (isObject) this.parseKey(frame, true);
      return null;
    }
    if (code === closer) return this.closeContainer(frame);
    throw this.unexpectedAfterMember(frame);
  }

  private closeContainer(frame: Frame): JsonNode {
    this.pos++;
    if (frame.repeated) this.flushDuplicates(frame);
    this.stack.pop();
    return frame.node;
  }

  private parseKey(frame: Frame, afterComma: boolean): void {
    const code = this.text.charCodeAt(this.pos);
    if (code !== Char.Quote) throw this.unexpectedInsteadOfKey(frame, afterComma);
    const start = this.pos;
    const hasEscape = this.scanString();
    const rawKey = this.text.slice(start, this.pos);
    frame.rawKey = rawKey;
    frame.key = hasEscape ? (JSON.parse(rawKey) as string) : rawKey.slice(1, -1);
    frame.keyOffset = start;
    this.skipWhitespace();
    if (this.text.charCodeAt(this.pos) !== Char.Colon) {
      const found = this.text.charCodeAt(this.pos);
      const hint =
        found === Char.Equals
          ? "Use ':' between a key and its value, not '='."
          : `Write a ':' after the key ${quoteExcerpt(rawKey)}, then its value.`;
      throw new ParseFailure(
        this.pos,
        `Expected ':' after the key ${quoteExcerpt(rawKey)} but found ${describeChar(this.text, this.pos)}.`,
        hint,
      );
    }
    this.pos++;
    this.skipWhitespace();
  }

  // ---- duplicate keys ----

  private noteRepeatedKey(frame: Frame): void {
    const entries = (frame.node as JsonObjectNode).entries;
    const key = frame.key;
    let firstOffset = -1;
    if (frame.keyIndex) {
      firstOffset = frame.keyIndex.get(key) ?? -1;
      if (firstOffset < 0) frame.keyIndex.set(key, frame.keyOffset);
    } else {
      for (let i = 0; i < entries.length; i++) {
        const entry = entries[i]!;
        if (entry.key === key) {
          firstOffset = entry.offset;
          break;
        }
      }
      if (entries.length >= LINEAR_KEY_SCAN_MAX) {
        frame.keyIndex = new Map();
        for (let i = entries.length - 1; i >= 0; i--) frame.keyIndex.set(entries[i]!.key, entries[i]!.offset);
        if (firstOffset < 0) frame.keyIndex.set(key, frame.keyOffset);
      }
    }
    if (firstOffset < 0) return;
    frame.repeated ??= new Map();
    const offsets = frame.repeated.get(key);
    if (offsets) offsets.push(frame.keyOffset);
    else frame.repeated.set(key, [firstOffset, frame.keyOffset]);
  }

  private flushDuplicates(frame: Frame): void {
    const entries = (frame.node as JsonObjectNode).entries;
    // The path costs one step per level: built only for the listed duplicates, not for every object that has one.
    let path: string | null = null;
    for (const [key, offsets] of frame.repeated!) {
      this.duplicateCount++;
      if (this.duplicates.length >= REPORT_MAX_ITEMS) continue;
      path ??= this.pathOfInnermost();
      const rawKey = entries.find((entry) => entry.key === key)!.rawKey;
      this.duplicates.push({ path, rawKey, offsets });
    }
  }

  /** JSONPath of the innermost open container, such as $.items[2]. */
  private pathOfInnermost(): string {
    let path = "$";
    for (let i = 0; i < this.stack.length - 1; i++) {
      const parent = this.stack[i]!;
      path += parent.node.type === "array" ? `[${parent.node.items.length}]` : jsonPathSegment(parent.key);
    }
    return path;
  }

  // ---- scalars ----

  private parseScalar(): JsonScalar {
    const text = this.text;
    const start = this.pos;
    const code = text.charCodeAt(start);
    if (code === Char.Quote) {
      this.scanString();
      this.valueCount++;
      return text.slice(start, this.pos);
    }
    if (code === Char.Minus || isDigit(code)) {
      this.scanNumber();
      const raw = text.slice(start, this.pos);
      this.checkPrecision(raw, start);
      this.valueCount++;
      return raw;
    }
    const literal = code === 116 ? "true" : code === 102 ? "false" : code === 110 ? "null" : null;
    if (literal && text.startsWith(literal, start) && !isWordChar(text.charCodeAt(start + literal.length))) {
      this.pos = start + literal.length;
      this.valueCount++;
      return literal;
    }
    throw this.unexpectedInsteadOfValue();
  }

  /** Scans a string starting at the quote; returns whether it holds escapes. Leaves pos after the closing quote. */
  private scanString(): boolean {
    const text = this.text;
    const start = this.pos;
    let i = start + 1;
    let hasEscape = false;
    for (;;) {
      const code = text.charCodeAt(i);
      if (code === Char.Quote) {
        this.pos = i + 1;
        return hasEscape;
      }
      if (code === Char.Backslash) {
        hasEscape = true;
        this.checkEscape(i);
        i += text.charCodeAt(i + 1) === 117 ? 6 : 2;
        continue;
      }
      if (code >= 0x80) {
        // Counted here, where every character is read anyway, so the output's size costs no second pass.
        if (code < 0x800) this.stringExtraUtf8Bytes += 1;
        else {
          this.stringExtraUtf8Bytes += 2; // three bytes for one unit; a pair is four bytes for two units
          if (code >= 0xd800 && code <= 0xdbff) {
            const next = text.charCodeAt(i + 1);
            if (next >= 0xdc00 && next <= 0xdfff) i++;
          }
        }
        i++;
        continue;
      }
      if (code < 0x20 || Number.isNaN(code)) this.failInString(start, i, code);
      i++;
    }
  }

  private checkEscape(at: number): void {
    const text = this.text;
    const next = text.charCodeAt(at + 1);
    // " \ / b f n r t
    if (
      next === 34 ||
      next === 92 ||
      next === 47 ||
      next === 98 ||
      next === 102 ||
      next === 110 ||
      next === 114 ||
      next === 116
    )
      return;
    if (next === 117) {
      for (let k = 2; k < 6; k++) {
        if (!isHexDigit(text.charCodeAt(at + k))) {
          throw new ParseFailure(
            at,
            `Invalid unicode escape '${printable(sliceWhole(text, at, Math.min(at + 6, lineBreakOrEnd(text, at))))}'.`,
            "\\u must be followed by exactly four hex digits, such as \\u00e9.",
          );
        }
      }
      return;
    }
    if (Number.isNaN(next))
      throw new ParseFailure(
        at,
        "The input ends inside a string, after a backslash.",
        "Close the string with a double quote.",
      );
    const escape = text.slice(at, at + 2);
    const hint =
      next === Char.Apostrophe
        ? "A single quote needs no escape inside a JSON string: write ' alone."
        : next === Char.LowerX
          ? "JSON has no \\x escapes: write \\u00XX instead."
          : 'The escapes JSON allows are \\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX; ' +
            "write a literal backslash as \\\\.";
    throw new ParseFailure(at, `Invalid escape '${escape}' in a string.`, hint);
  }

  private failInString(start: number, at: number, code: number): never {
    if (Number.isNaN(code)) {
      throw new ParseFailure(
        start,
        "This string is never closed: the input ends before its closing quote.",
        "Add the closing double quote.",
      );
    }
    if (code === Char.LineFeed || code === Char.CarriageReturn) {
      throw new ParseFailure(
        at,
        "Line break inside a string.",
        "A JSON string must end on the line it starts: close it with a " +
          "double quote, or write \\n for a line break inside it.",
        { offset: start, label: "the string starts here" },
      );
    }
    if (code === Char.Tab)
      throw new ParseFailure(at, "Tab character inside a string.", "Write a tab inside a JSON string as \\t.");
    const hex = code.toString(16).toUpperCase().padStart(4, "0");
    throw new ParseFailure(at, `Control character U+${hex} inside a string.`, `Write it as the escape \\u${hex}.`);
  }

  private scanNumber(): void {
    const text = this.text;
    const start = this.pos;
    let i = start;
    if (text.charCodeAt(i) === Char.Minus) {
      i++;
      if (!isDigit(text.charCodeAt(i))) {
        const word = readWord(text, i);
        if (word === "Infinity")
          throw new ParseFailure(
            start,
            "-Infinity is not a JSON value.",
            'JSON has no infinities: use null, a string such as "-Infinity", or a very large number.',
          );
        throw new ParseFailure(
          i,
          `Expected a digit after '-' but found ${describeChar(text, i)}.`,
          "A negative number is a '-' followed by digits, such as -1.5.",
        );
      }
    }
    if (text.charCodeAt(i) === Char.Zero) {
      i++;
      const after = text.charCodeAt(i);
      if (isDigit(after)) {
        throw new ParseFailure(
          start,
          `Numbers cannot have leading zeros: '${text.slice(start, skipDigits(text, i))}'.`,
          "Remove the leading zeros, or quote the value as a string if the zeros matter (like a postcode).",
        );
      }
      if (after === Char.LowerX || after === 88) {
        throw new ParseFailure(
          start,
          `Hexadecimal numbers are not JSON: '${readWord(text, start)}'.`,
          "Write the number in decimal, or quote it as a string.",
        );
      }
    } else {
      i = skipDigits(text, i);
    }
    if (text.charCodeAt(i) === Char.Dot) {
      i++;
      if (!isDigit(text.charCodeAt(i))) {
        throw new ParseFailure(
          i,
          `Expected a digit after the decimal point in '${text.slice(start, i)}'.`,
          `Write at least one digit after the point, such as ${text.slice(start, i)}0.`,
        );
      }
      i = skipDigits(text, i);
    }
    const e = text.charCodeAt(i);
    if (e === Char.LowerE || e === Char.UpperE) {
      i++;
      const sign = text.charCodeAt(i);
      if (sign === Char.Plus || sign === Char.Minus) i++;
      if (!isDigit(text.charCodeAt(i))) {
        throw new ParseFailure(
          i,
          `Expected a digit in the exponent of '${text.slice(start, i)}'.`,
          "An exponent is e or E, an optional sign, and digits, such as 1e10 or 2.5E-3.",
        );
      }
      i = skipDigits(text, i);
    }
    this.pos = i;
  }

  private checkPrecision(raw: string, offset: number): void {
    const hasFraction = raw.includes(".") || raw.includes("e") || raw.includes("E");
    const digits = raw.length - (raw.charCodeAt(0) === Char.Minus ? 1 : 0);
    if (!hasFraction && digits <= SAFE_INTEGER_DIGITS) return;
    const value = Number(raw);
    let lossy = false;
    if (!Number.isFinite(value)) lossy = true;
    else if (!hasFraction) lossy = BigInt(raw) !== BigInt(value);
    else if (value === 0 && /[1-9]/.test(raw.replace(/[eE].*$/, ""))) lossy = true;
    if (!lossy) return;
    this.impreciseCount++;
    if (this.imprecise.length < REPORT_MAX_ITEMS) this.imprecise.push({ offset, text: raw, parsed: String(value) });
  }

  // ---- whitespace and comments ----

  private skipWhitespace(): void {
    const text = this.text;
    let i = this.pos;
    for (;;) {
      const code = text.charCodeAt(i);
      if (code === Char.Space || code === Char.LineFeed || code === Char.CarriageReturn || code === Char.Tab) {
        i++;
        continue;
      }
      if (code === Char.Slash && this.jsonc) {
        i = this.skipComment(i);
        continue;
      }
      break;
    }
    this.pos = i;
  }

  private skipComment(start: number): number {
    const text = this.text;
    const next = text.charCodeAt(start + 1);
    if (next === Char.Slash) {
      this.recordRemoval("line comment", start);
      return lineBreakOrEnd(text, start);
    }
    if (next === Char.Star) {
      const end = text.indexOf("*/", start + 2);
      if (end < 0) throw new ParseFailure(start, "This block comment is never closed.", "End it with */.");
      this.recordRemoval("block comment", start);
      return end + 2;
    }
    throw new ParseFailure(
      start,
      "A lone '/' is not valid here.",
      "Comments start with // (to the end of the line) or /* (until */).",
    );
  }

  private recordRemoval(kind: RemovalKind, offset: number): void {
    this.removalCounts[kind]++;
    if (this.removalOffsets.length < REPORT_MAX_ITEMS) this.removalOffsets.push({ kind, offset });
  }

  // ---- errors with hints ----

  /** The hint for a character that cannot start a value or a key, or null when nothing specific applies. */
  private commonMistake(at: number, role: "value" | "key"): ParseFailure | null {
    const text = this.text;
    const code = text.charCodeAt(at);
    const found = describeChar(text, at);
    const what = role === "value" ? "a value" : "a key in double quotes";
    if (code === Char.Apostrophe) {
      return new ParseFailure(
        at,
        `Expected ${what} but found a single quote.`,
        "JSON strings use double quotes: write \"text\", not 'text'.",
      );
    }
    if (CURLY_QUOTES.has(code)) {
      return new ParseFailure(
        at,
        `Expected ${what} but found the typographic quote ${found}.`,
        'Replace curly quotes (often added by word processors) with straight double quotes ".',
      );
    }
    if (code === Char.Slash && (text.charCodeAt(at + 1) === Char.Slash || text.charCodeAt(at + 1) === Char.Star)) {
      return new ParseFailure(
        at,
        "Comments are not allowed in JSON.",
        "Remove the comment, or turn on “Allow comments and trailing commas (JSONC)” to strip it.",
      );
    }
    if (LOOKALIKES[code]) {
      return new ParseFailure(
        at,
        `Found ${found}, which JSON does not treat as whitespace.`,
        "Replace it with a normal space or remove it; it often comes from " +
          "copying text out of a web page or a document.",
      );
    }
    return null;
  }

  private unexpectedInsteadOfValue(): ParseFailure {
    const text = this.text;
    const at = this.pos;
    const code = text.charCodeAt(at);
    const mistake = this.commonMistake(at, "value");
    if (mistake) return mistake;
    const frame = this.stack[this.stack.length - 1];
    if (at >= text.length) return this.unexpectedEnd();
    if (code === Char.CloseBrace || code === Char.CloseBracket) {
      // Empty containers and trailing commas are handled before we get here: this is "[1,]"-like in an object key
      // position, or a closer right after ':' or a lone closer.
      if (frame && frame.node.type === "object") {
        return new ParseFailure(
          at,
          `Expected a value for the key ${quoteExcerpt(frame.rawKey)} but found ${describeChar(text, at)}.`,
          "Write a value after the ':', or remove the key.",
        );
      }
      return new ParseFailure(
        at,
        `Unexpected ${describeChar(text, at)}: no value here.`,
        "There is nothing to close at this point; check the brackets above.",
      );
    }
    if (code === Char.Comma) {
      return new ParseFailure(
        at,
        "Expected a value but found ','.",
        frame?.node.type === "array"
          ? "There is an extra comma, or a missing value between two commas."
          : "A value is missing before this comma.",
      );
    }
    if (code === Char.Plus) {
      return new ParseFailure(
        at,
        "Numbers cannot start with '+'.",
        "Remove the '+': positive numbers are written without a sign.",
      );
    }
    if (code === Char.Dot) {
      return new ParseFailure(
        at,
        `Numbers cannot start with '.': '${readNumberLike(text, at)}'.`,
        `Write a digit before the point, such as 0${readNumberLike(text, at)}.`,
      );
    }
    if (isWordChar(code)) {
      const word = readWord(text, at);
      const replacements: Record<string, string> = {
        True: "true",
        False: "false",
        None: "null",
        TRUE: "true",
        FALSE: "false",
        NULL: "null",
        Null: "null",
        undefined: "null",
        nil: "null",
      };
      if (replacements[word]) {
        return new ParseFailure(
          at,
          `'${word}' is not a JSON value.`,
          `JSON literals are lowercase true, false and null: write ${replacements[word]}.`,
        );
      }
      if (word === "NaN" || word === "Infinity") {
        return new ParseFailure(
          at,
          `${word} is not a JSON value.`,
          `JSON has no ${word}: use null or a string such as "${word}".`,
        );
      }
      return new ParseFailure(
        at,
        `Unexpected text '${word}': expected a value.`,
        `Text values need double quotes: "${word}".`,
      );
    }
    return new ParseFailure(
      at,
      `Expected a value but found ${describeChar(text, at)}.`,
      "A value is a string in double quotes, a number, an object {…}, an array […], true, false or null.",
    );
  }

  private unexpectedInsteadOfKey(frame: Frame, afterComma: boolean): ParseFailure {
    const text = this.text;
    const at = this.pos;
    const code = text.charCodeAt(at);
    const mistake = this.commonMistake(at, "key");
    if (mistake) return mistake;
    if (at >= text.length) return this.unexpectedEnd();
    if (code === Char.CloseBrace && afterComma) {
      // Reached only in strict mode through afterMember; kept for safety.
      return new ParseFailure(at, "Trailing comma before '}'.", "Remove the comma after the last member.");
    }
    if (isWordChar(code)) {
      const word = readWord(text, at);
      return new ParseFailure(
        at,
        `Object keys must be strings in double quotes, but found the unquoted key '${word}'.`,
        `Put the key in double quotes: "${word}".`,
      );
    }
    if (code === Char.Comma) {
      return new ParseFailure(
        at,
        "Expected a key but found ','.",
        "There is an extra comma, or a missing member between two commas.",
      );
    }
    return new ParseFailure(
      at,
      `Expected a key in double quotes but found ${describeChar(text, at)}.`,
      (frame.node as JsonObjectNode).entries.length === 0
        ? 'An object holds "key": value pairs separated by commas.'
        : 'Each member of an object is "key": value.',
    );
  }

  private unexpectedAfterMember(frame: Frame): ParseFailure {
    const text = this.text;
    const at = this.pos;
    const code = text.charCodeAt(at);
    const node = frame.node;
    const isObject = node.type === "object";
    const closer = isObject ? "}" : "]";
    if (at >= text.length) return this.unexpectedEnd();
    const mistake = code === Char.Slash ? this.commonMistake(at, "value") : null;
    if (mistake) return mistake;
    if (code === Char.CloseBrace || code === Char.CloseBracket) {
      const opened = positionAt(text, node.offset);
      return new ParseFailure(
        at,
        `Mismatched bracket: '${text[at]}' closes the '${isObject ? "{" : "["}' ` +
          `opened at line ${opened.line}, column ${opened.column}.`,
        `Close it with '${closer}', or look for a missing '${text[at] === "}" ? "{" : "["}' before this point.`,
        { offset: node.offset, label: `'${isObject ? "{" : "["}' opened here` },
      );
    }
    if (code === Char.Semicolon) {
      return new ParseFailure(at, "Found ';' between members.", "Separate members with commas, not semicolons.");
    }
    if (code === Char.Colon && !isObject) {
      return new ParseFailure(
        at,
        "Found ':' inside an array.",
        'Arrays hold plain values; use an object {…} for "key": value pairs.',
      );
    }
    if (
      code === Char.Quote ||
      code === Char.OpenBrace ||
      code === Char.OpenBracket ||
      code === Char.Minus ||
      isDigit(code) ||
      isWordChar(code) ||
      code === Char.Apostrophe
    ) {
      return new ParseFailure(
        at,
        `Missing comma: expected ',' or '${closer}' but found ${describeChar(text, at)}.`,
        isObject ? "Put a comma between the members of an object." : "Put a comma between the items of an array.",
      );
    }
    return new ParseFailure(
      at,
      `Expected ',' or '${closer}' but found ${describeChar(text, at)}.`,
      LOOKALIKES[code] ? "Replace it with a normal space." : undefined,
    );
  }

  private tooDeep(at: number): ParseFailure {
    const limit = MAX_JSON_DEPTH.toLocaleString("en");
    const outermost = this.stack[0]!.node;
    return new ParseFailure(
      at,
      `Nested too deep: this '${this.text[at]}' opens level ` +
        `${(MAX_JSON_DEPTH + 1).toLocaleString("en")}; the limit is ${limit} ` +
        `levels.`,
      `The formatter takes arrays and objects nested up to ${limit} levels deep. ` +
        `Flatten the data, or format it with a command-line tool such as jq.`,
      { offset: outermost.offset, label: "the outermost bracket opened here" },
    );
  }

  /** The input ended with brackets still open: name the innermost one. */
  private unexpectedEnd(): ParseFailure {
    const frame = this.stack[this.stack.length - 1];
    if (!frame)
      return new ParseFailure(this.text.length, "The input ends where a value was expected.", "Add the missing value.");
    const isObject = frame.node.type === "object";
    const opened = positionAt(this.text, frame.node.offset);
    const open = this.stack.length;
    return new ParseFailure(
      this.text.length,
      `The input ends before the '${isObject ? "{" : "["}' opened at line ` +
        `${opened.line}, column ${opened.column} is closed.`,
      open > 1
        ? `${open} brackets are still open; the innermost needs '${isObject ? "}" : "]"}'.`
        : `Add the missing '${isObject ? "}" : "]"}' at the end.`,
      { offset: frame.node.offset, label: `'${isObject ? "{" : "["}' opened here` },
    );
  }

  private failAfterDocument(root: JsonNode): never {
    const text = this.text;
    const at = this.pos;
    const code = text.charCodeAt(at);
    const mistake = this.commonMistake(at, "value");
    if (mistake) throw mistake;
    if (code === Char.CloseBrace || code === Char.CloseBracket) {
      throw new ParseFailure(
        at,
        `Extra '${text[at]}': there is no open '${code === Char.CloseBrace ? "{" : "["}' to close.`,
        `Remove it, or add the missing '${code === Char.CloseBrace ? "{" : "["}' earlier.`,
      );
    }
    const several = typeof root !== "string" ? "JSON Lines (one value per line)" : "several values";
    throw new ParseFailure(
      at,
      `Unexpected ${describeChar(text, at)} after the end of the JSON value.`,
      code === Char.Comma ||
        code === Char.Quote ||
        code === Char.OpenBrace ||
        code === Char.OpenBracket ||
        isDigit(code)
        ? `A JSON document holds exactly one value. For ${several}, wrap them in an array […] separated by commas.`
        : "A JSON document holds exactly one value; remove what follows it.",
    );
  }
}

function skipDigits(text: string, from: number): number {
  let i = from;
  while (isDigit(text.charCodeAt(i))) i++;
  return i;
}

function readWord(text: string, from: number): string {
  let i = from;
  while (i - from < 40 && isWordChar(text.charCodeAt(i))) i++;
  return text.slice(from, i);
}

function readNumberLike(text: string, from: number): string {
  let i = from;
  while (i - from < 40 && (isWordChar(text.charCodeAt(i)) || text.charCodeAt(i) === Char.Dot)) i++;
  return text.slice(from, i);
}

function lineBreakOrEnd(text: string, from: number): number {
  let i = from;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === Char.LineFeed || code === Char.CarriageReturn) break;
    i++;
  }
  return i;
}
