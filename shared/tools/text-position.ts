// Line/column positions and caret excerpts for error messages of the developer tools.
// Lines end at LF, CRLF or a lone CR; columns count characters (code points), starting at 1, as editors do.
import { escapesAlone, unicodeEscape } from "./printable-text.ts";

export interface TextPosition {
  /** 1-based line. */
  line: number;
  /** 1-based column in characters (an emoji counts once). */
  column: number;
}

export interface CaretExcerpt extends TextPosition {
  /** The line holding the spot, cut to a window around it when long ("…" marks a cut). */
  text: string;
  /** Spaces (tabs where the line has tabs) and a "^" under the spot, to print below `text` in monospace. */
  caret: string;
}

const LF = 10;
const CR = 13;

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** Start offset of the line holding `offset`. */
function lineStartOf(text: string, offset: number): number {
  let i = Math.min(offset, text.length);
  while (i > 0) {
    const code = text.charCodeAt(i - 1);
    if (code === LF || code === CR) break;
    i--;
  }
  return i;
}

/** End offset (exclusive, before the line break) of the line holding `offset`. */
function lineEndOf(text: string, offset: number): number {
  let i = offset;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === LF || code === CR) break;
    i++;
  }
  return i;
}

/** Characters (code points) in text[from, to); a surrogate pair counts once. */
function codePointCount(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = from; i < to; i++) {
    if (isHighSurrogate(text.charCodeAt(i)) && i + 1 < to && isLowSurrogate(text.charCodeAt(i + 1))) i++;
    count++;
  }
  return count;
}

/** Line and column of an offset. One pass up to the offset: fine for one error, use LineIndex for many. */
export function positionAt(text: string, offset: number): TextPosition {
  let line = 1;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code === LF) line++;
    else if (code === CR && text.charCodeAt(i + 1) !== LF) line++;
  }
  const start = lineStartOf(text, end);
  return { line, column: codePointCount(text, start, end) + 1 };
}

/**
 * Line numbers of many offsets, by binary search over the line starts. The starts are read only as far as the
 * offsets asked for: a report names lines near the top of a large text (its first 100 items), and reading every
 * line break of 10 MB for them cost more than the rest of the report.
 */
export class LineIndex {
  private readonly starts = [0];
  /** Line breaks before this index are in `starts`. */
  private scanned = 0;
  private readonly text: string;
  constructor(text: string) {
    this.text = text;
  }

  lineOf(offset: number): number {
    this.scanTo(offset);
    const starts = this.starts;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  }

  private scanTo(offset: number): void {
    const text = this.text;
    const end = Math.min(offset, text.length);
    for (let i = this.scanned; i < end; i++) {
      const code = text.charCodeAt(i);
      if (code === LF) this.starts.push(i + 1);
      else if (code === CR && text.charCodeAt(i + 1) !== LF) this.starts.push(i + 1);
    }
    if (end > this.scanned) this.scanned = end;
  }
}

/** East Asian wide characters and emoji take two cells in a monospace font; the caret must skip both. */
function isWide(codePoint: number): boolean {
  return (
    (codePoint >= 0x1100 && codePoint <= 0x115f) ||
    (codePoint >= 0x2e80 && codePoint <= 0xa4cf) ||
    (codePoint >= 0xac00 && codePoint <= 0xd7a3) ||
    (codePoint >= 0xf900 && codePoint <= 0xfaff) ||
    (codePoint >= 0xfe30 && codePoint <= 0xfe4f) ||
    (codePoint >= 0xff00 && codePoint <= 0xff60) ||
    (codePoint >= 0xffe0 && codePoint <= 0xffe6) ||
    (codePoint >= 0x1f300 && codePoint <= 0x1faff) ||
    (codePoint >= 0x20000 && codePoint <= 0x3fffd)
  );
}

/**
 * Control characters would break the excerpt's layout or the HTML: C0 ones show as their visible symbols (one cell,
 * like the character), others that would not print (C1 controls, bidirectional controls, half a surrogate pair) as
 * their escapes.
 */
function visibleChar(codePoint: number, char: string): { text: string; cells: number } {
  if (codePoint < 0x20 && codePoint !== 9) return { text: String.fromCharCode(0x2400 + codePoint), cells: 1 };
  if (codePoint === 0x7f) return { text: "\u2421", cells: 1 };
  if (codePoint <= 0xffff && escapesAlone(codePoint)) return { text: unicodeEscape(codePoint), cells: 6 };
  return { text: char, cells: isWide(codePoint) ? 2 : 1 };
}

/** The line around `offset` with a caret under it; long lines are cut to about `width` characters around the spot. */
export function caretExcerpt(text: string, offset: number, width = 100): CaretExcerpt {
  const { line, column } = positionAt(text, offset);
  const spot = Math.min(offset, text.length);
  const lineStart = lineStartOf(text, spot);
  const lineEnd = lineEndOf(text, spot);
  let from = lineStart;
  let to = lineEnd;
  if (to - from > width) {
    from = Math.max(lineStart, spot - Math.floor(width / 2));
    to = Math.min(lineEnd, from + width);
    from = Math.max(lineStart, to - width);
    if (from > lineStart && isLowSurrogate(text.charCodeAt(from))) from++;
    if (to < lineEnd && isLowSurrogate(text.charCodeAt(to))) to++;
  }
  let excerpt = from > lineStart ? "…" : "";
  let caret = from > lineStart ? " " : "";
  for (let i = from; i < to;) {
    const codePoint = text.codePointAt(i)!;
    const size = codePoint > 0xffff ? 2 : 1;
    const shown = visibleChar(codePoint, text.slice(i, i + size));
    excerpt += shown.text;
    if (i < spot) caret += codePoint === 9 ? "\t" : " ".repeat(shown.cells);
    i += size;
  }
  if (to < lineEnd) excerpt += "…";
  return { line, column, text: excerpt, caret: caret + "^" };
}
