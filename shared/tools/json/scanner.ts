// The JSON parser's scanner: whitespace and JSONC comments, strings (their escapes checked) and numbers, and what
// they add to the report (comments removed, numbers JavaScript would change, the strings' extra UTF-8 bytes).
// The parser extends it, so the position and the counters stay plain fields of one object on the hot path.
import { printable, sliceWhole } from "../printable-text.ts";
import * as characters from "./characters.ts";
import { REPORT_MAX_ITEMS } from "./limits.ts";
import * as numbers from "./numbers.ts";
import type { RemovalKind } from "./parse-report.ts";
import { ParseFailure } from "./syntax-errors.ts";

// Copied into module constants once: Vite's module runner (dev server, tests, scripts/bench-json.ts) reads an imported
// binding through a getter at each use, which on the per-character and per-token paths made parsing several times
// slower.
const { Char, isHexDigit, lineBreakOrEnd } = characters;
const { javascriptReadingIfChanged, scanNumber } = numbers;

export class JsonScanner {
  protected pos = 0;
  protected readonly removalOffsets: { kind: RemovalKind; offset: number }[] = [];
  protected readonly removalCounts: Record<RemovalKind, number> = {
    "line comment": 0,
    "block comment": 0,
    "trailing comma": 0,
  };
  protected readonly imprecise: { offset: number; text: string; parsed: string }[] = [];
  protected impreciseCount = 0;
  protected stringExtraUtf8Bytes = 0;

  protected readonly text: string;
  protected readonly jsonc: boolean;

  constructor(text: string, jsonc: boolean) {
    this.text = text;
    this.jsonc = jsonc;
  }

  // ---- whitespace and comments ----

  protected skipWhitespace(): void {
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

  protected recordRemoval(kind: RemovalKind, offset: number): void {
    this.removalCounts[kind]++;
    if (this.removalOffsets.length < REPORT_MAX_ITEMS) this.removalOffsets.push({ kind, offset });
  }

  // ---- numbers ----

  /** Scans the number at pos and returns its text, noting it when JavaScript would read it as another number. */
  protected scanNumberText(): string {
    const start = this.pos;
    this.pos = scanNumber(this.text, start);
    const raw = this.text.slice(start, this.pos);
    const parsed = javascriptReadingIfChanged(raw);
    if (parsed !== null) {
      this.impreciseCount++;
      if (this.imprecise.length < REPORT_MAX_ITEMS) this.imprecise.push({ offset: start, text: raw, parsed });
    }
    return raw;
  }

  // ---- strings ----

  /** Scans a string starting at the quote; returns whether it holds escapes. Leaves pos after the closing quote. */
  protected scanString(): boolean {
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
    // Quoted as printable text, and whole: the escaped character may be a control or the first half of an emoji.
    const escape = printable(sliceWhole(text, at, at + 2));
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
}
