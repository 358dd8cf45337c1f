// JSON numbers: the grammar's checks with a hint for each mistake, and whether JavaScript would change a number.
import * as characters from "./characters.ts";
import { ParseFailure } from "./syntax-errors.ts";

// Copied into module constants once: Vite's module runner (dev server, tests, scripts/bench-json.ts) reads an imported
// binding through a getter at each use, which on the per-character and per-token paths made parsing several times
// slower.
const { Char, describeChar, isDigit, readWord, skipDigits } = characters;

/** Integers longer than this may exceed 2^53; shorter ones never do. */
const SAFE_INTEGER_DIGITS = 15;

/** Scans the number starting at `start` (a '-' or a digit) and returns the offset after it. */
export function scanNumber(text: string, start: number): number {
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
  return i;
}

/**
 * What JSON.parse would turn the number into when that is not the number written (beyond 2^53, overflow to
 * Infinity, underflow to 0), else null.
 */
export function javascriptReadingIfChanged(raw: string): string | null {
  const hasFraction = raw.includes(".") || raw.includes("e") || raw.includes("E");
  const digits = raw.length - (raw.charCodeAt(0) === Char.Minus ? 1 : 0);
  if (!hasFraction && digits <= SAFE_INTEGER_DIGITS) return null;
  const value = Number(raw);
  let lossy = false;
  if (!Number.isFinite(value)) lossy = true;
  else if (!hasFraction) lossy = BigInt(raw) !== BigInt(value);
  else if (value === 0 && /[1-9]/.test(raw.replace(/[eE].*$/, ""))) lossy = true;
  return lossy ? String(value) : null;
}
