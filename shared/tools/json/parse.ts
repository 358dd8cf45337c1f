// A lossless JSON parser: keeps number text exactly as written, keeps key order (also of integer-like keys, which
// JavaScript objects would reorder), keeps string text with its escapes, and reports duplicate keys.
// Strict RFC 8259 by default; `jsonc` also accepts comments and trailing commas and lists what it removed.
// Iterative, with an explicit stack, so deeply nested input cannot overflow the call stack; nesting past
// MAX_JSON_DEPTH is a syntax error at the bracket that goes too deep.
// This module walks the document's structure; scanner.ts reads its tokens, syntax-errors.ts words the errors.
import { quoteExcerpt } from "../printable-text.ts";
import { LineIndex } from "../text-position.ts";
import * as characters from "./characters.ts";
import * as duplicateKeys from "./duplicate-keys.ts";
import { MAX_JSON_DEPTH } from "./limits.ts";
import type { JsonArrayNode, JsonNode, JsonObjectNode, JsonScalar, OpenContainer } from "./nodes.ts";
import type { JsonSyntaxError, ParseReport, ParseResult } from "./parse-report.ts";
import { JsonScanner } from "./scanner.ts";
import {
  ParseFailure,
  tooDeep,
  toSyntaxError,
  unexpectedAfterDocument,
  unexpectedAfterMember,
  unexpectedInsteadOfKey,
  unexpectedInsteadOfValue,
} from "./syntax-errors.ts";

// Copied into module constants once: Vite's module runner (dev server, tests, scripts/bench-json.ts) reads an imported
// binding through a getter at each use, which on the per-character and per-token paths made parsing several times
// slower.
const { Char, describeChar, isDigit, isWordChar } = characters;
const { DuplicateKeyLog, noteRepeatedKey } = duplicateKeys;

export { scalarKind } from "./nodes.ts";
export type { JsonEntry, JsonNode } from "./nodes.ts";
export type { JsonSyntaxError, ParseReport, ParseResult, RemovalKind } from "./parse-report.ts";

export interface ParseOptions {
  jsonc?: boolean;
}

export function parseJson(text: string, options: ParseOptions = {}): ParseResult {
  return new Parser(text, options.jsonc === true).run();
}

class Parser extends JsonScanner {
  private readonly stack: OpenContainer[] = [];
  private readonly duplicateKeys = new DuplicateKeyLog();
  private valueCount = 0;
  private maxDepth = 0;
  private bomIgnored = false;

  run(): ParseResult {
    let outcome: { ok: true; root: JsonNode; stringExtraUtf8Bytes: number } | { ok: false; error: JsonSyntaxError };
    try {
      const root = this.parseDocument();
      outcome = { ok: true, root, stringExtraUtf8Bytes: this.stringExtraUtf8Bytes };
    } catch (error) {
      if (!(error instanceof ParseFailure)) throw error;
      outcome = { ok: false, error: toSyntaxError(this.text, error) };
    }
    return { ...outcome, ...this.report() };
  }

  private report(): ParseReport {
    const lines = new LineIndex(this.text);
    return {
      removals: this.removalOffsets.map(({ kind, offset }) => ({ kind, line: lines.lineOf(offset) })),
      removalCounts: this.removalCounts,
      duplicates: this.duplicateKeys.report(lines),
      duplicateCount: this.duplicateKeys.count,
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
    if (this.pos < this.text.length) throw unexpectedAfterDocument(this.text, this.pos, root);
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
      if (this.stack.length >= MAX_JSON_DEPTH) throw tooDeep(this.text, offset, this.stack);
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
      const frame: OpenContainer = { node, key: "", rawKey: "", keyOffset: 0, keyIndex: null, repeated: null };
      this.stack.push(frame);
      if (this.stack.length > this.maxDepth) this.maxDepth = this.stack.length;
      if (isObject) this.parseKey(frame, false);
      return null;
    }
    return this.parseScalar();
  }

  private attach(frame: OpenContainer, value: JsonNode): void {
    const node = frame.node;
    if (node.type === "array") {
      node.items.push(value);
      return;
    }
    noteRepeatedKey(frame);
    node.entries.push({ key: frame.key, rawKey: frame.rawKey, offset: frame.keyOffset, value });
  }

  /**
   * After a member: a comma and the next member (returns null, next value expected), or the closer (returns the
   * container).
   */
  private afterMember(frame: OpenContainer): JsonNode | null {
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
    throw unexpectedAfterMember(this.text, this.pos, this.stack);
  }

  private closeContainer(frame: OpenContainer): JsonNode {
    this.pos++;
    if (frame.repeated) this.duplicateKeys.recordClosing(this.stack);
    this.stack.pop();
    return frame.node;
  }

  private parseKey(frame: OpenContainer, afterComma: boolean): void {
    const code = this.text.charCodeAt(this.pos);
    if (code !== Char.Quote) throw unexpectedInsteadOfKey(this.text, this.pos, this.stack, afterComma);
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
      const raw = this.scanNumberText();
      this.valueCount++;
      return raw;
    }
    const literal = code === 116 ? "true" : code === 102 ? "false" : code === 110 ? "null" : null;
    if (literal && text.startsWith(literal, start) && !isWordChar(text.charCodeAt(start + literal.length))) {
      this.pos = start + literal.length;
      this.valueCount++;
      return literal;
    }
    throw unexpectedInsteadOfValue(text, start, this.stack);
  }
}
