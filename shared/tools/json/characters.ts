// Character codes and character classes of the JSON parser, and the small readers its messages quote input with.
import { printable } from "../printable-text.ts";

export const Char = {
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

export function isDigit(code: number): boolean {
  return code >= Char.Zero && code <= Char.Nine;
}
export function isHexDigit(code: number): boolean {
  return isDigit(code) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102);
}
export function isWordChar(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || isDigit(code) || code === 95 || code === 36;
}

/** Characters that look like whitespace or quotes but are not JSON's, with a name for the hint. */
export const LOOKALIKES: Record<number, string> = {
  0x00a0: "a no-break space (U+00A0)",
  0x200b: "a zero-width space (U+200B)",
  0x2028: "a line separator (U+2028)",
  0x2029: "a paragraph separator (U+2029)",
  0x3000: "an ideographic space (U+3000)",
  0xfeff: "a zero-width no-break space (U+FEFF)",
};
export const CURLY_QUOTES = new Set([0x2018, 0x2019, 0x201c, 0x201d, 0x201e, 0x00ab, 0x00bb]);

export function describeChar(text: string, offset: number): string {
  if (offset >= text.length) return "the end of the input";
  const codePoint = text.codePointAt(offset)!;
  if (codePoint === Char.LineFeed || codePoint === Char.CarriageReturn) return "a line break";
  if (codePoint === Char.Tab) return "a tab";
  if (codePoint < 0x20 || (codePoint >= 0x7f && codePoint <= 0x9f))
    return `the control character U+${codePoint.toString(16).toUpperCase().padStart(4, "0")}`;
  if (LOOKALIKES[codePoint]) return LOOKALIKES[codePoint];
  return `'${printable(String.fromCodePoint(codePoint))}'`;
}

export function skipDigits(text: string, from: number): number {
  let i = from;
  while (isDigit(text.charCodeAt(i))) i++;
  return i;
}

export function readWord(text: string, from: number): string {
  let i = from;
  while (i - from < 40 && isWordChar(text.charCodeAt(i))) i++;
  return text.slice(from, i);
}

export function readNumberLike(text: string, from: number): string {
  let i = from;
  while (i - from < 40 && (isWordChar(text.charCodeAt(i)) || text.charCodeAt(i) === Char.Dot)) i++;
  return text.slice(from, i);
}

export function lineBreakOrEnd(text: string, from: number): number {
  let i = from;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === Char.LineFeed || code === Char.CarriageReturn) break;
    i++;
  }
  return i;
}
