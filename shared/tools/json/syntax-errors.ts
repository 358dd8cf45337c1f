// Syntax errors of the JSON parser with a hint for the likely cause: a mistake is named for what it most often is
// (a single quote, a comment, a missing comma, an unclosed bracket) rather than as the character found.
import { caretExcerpt, positionAt } from "../text-position.ts";
import {
  Char,
  CURLY_QUOTES,
  describeChar,
  isDigit,
  isWordChar,
  LOOKALIKES,
  readNumberLike,
  readWord,
} from "./characters.ts";
import { MAX_JSON_DEPTH } from "./limits.ts";
import type { JsonNode, JsonObjectNode, OpenContainer } from "./nodes.ts";
import type { JsonSyntaxError } from "./parse-report.ts";
import { quoteExcerpt } from "../printable-text.ts";

/** Thrown where parsing stops; the parser turns it into the JsonSyntaxError it reports. */
export class ParseFailure extends Error {
  readonly offset: number;
  readonly hint?: string;
  readonly related?: { offset: number; label: string };

  constructor(offset: number, message: string, hint?: string, related?: { offset: number; label: string }) {
    super(message);
    this.offset = offset;
    this.hint = hint;
    this.related = related;
  }
}

export function toSyntaxError(text: string, failure: ParseFailure): JsonSyntaxError {
  const excerpt = caretExcerpt(text, failure.offset);
  const related = failure.related
    ? { ...positionAt(text, failure.related.offset), label: failure.related.label }
    : undefined;
  return { ...excerpt, offset: failure.offset, message: failure.message, hint: failure.hint, related };
}

/** The hint for a character that cannot start a value or a key, or null when nothing specific applies. */
function commonMistake(text: string, at: number, role: "value" | "key"): ParseFailure | null {
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

export function unexpectedInsteadOfValue(text: string, at: number, open: readonly OpenContainer[]): ParseFailure {
  const code = text.charCodeAt(at);
  const mistake = commonMistake(text, at, "value");
  if (mistake) return mistake;
  const frame = open[open.length - 1];
  if (at >= text.length) return unexpectedEnd(text, open);
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
  if (isWordChar(code)) return unexpectedWord(at, readWord(text, at));
  return new ParseFailure(
    at,
    `Expected a value but found ${describeChar(text, at)}.`,
    "A value is a string in double quotes, a number, an object {…}, an array […], true, false or null.",
  );
}

/** Literals of other languages, and what JSON writes instead. */
const FOREIGN_LITERALS: Record<string, string> = {
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

function unexpectedWord(at: number, word: string): ParseFailure {
  if (FOREIGN_LITERALS[word]) {
    return new ParseFailure(
      at,
      `'${word}' is not a JSON value.`,
      `JSON literals are lowercase true, false and null: write ${FOREIGN_LITERALS[word]}.`,
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

export function unexpectedInsteadOfKey(
  text: string,
  at: number,
  open: readonly OpenContainer[],
  afterComma: boolean,
): ParseFailure {
  const code = text.charCodeAt(at);
  const mistake = commonMistake(text, at, "key");
  if (mistake) return mistake;
  if (at >= text.length) return unexpectedEnd(text, open);
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
    (open[open.length - 1]!.node as JsonObjectNode).entries.length === 0
      ? 'An object holds "key": value pairs separated by commas.'
      : 'Each member of an object is "key": value.',
  );
}

export function unexpectedAfterMember(text: string, at: number, open: readonly OpenContainer[]): ParseFailure {
  const code = text.charCodeAt(at);
  const node = open[open.length - 1]!.node;
  const isObject = node.type === "object";
  const closer = isObject ? "}" : "]";
  if (at >= text.length) return unexpectedEnd(text, open);
  const mistake = code === Char.Slash ? commonMistake(text, at, "value") : null;
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

export function tooDeep(text: string, at: number, open: readonly OpenContainer[]): ParseFailure {
  const limit = MAX_JSON_DEPTH.toLocaleString("en");
  const outermost = open[0]!.node;
  return new ParseFailure(
    at,
    `Nested too deep: this '${text[at]}' opens level ` +
      `${(MAX_JSON_DEPTH + 1).toLocaleString("en")}; the limit is ${limit} ` +
      `levels.`,
    `The formatter takes arrays and objects nested up to ${limit} levels deep. ` +
      `Flatten the data, or format it with a command-line tool such as jq.`,
    { offset: outermost.offset, label: "the outermost bracket opened here" },
  );
}

/** The input ended with brackets still open: name the innermost one. */
function unexpectedEnd(text: string, open: readonly OpenContainer[]): ParseFailure {
  const frame = open[open.length - 1];
  if (!frame)
    return new ParseFailure(text.length, "The input ends where a value was expected.", "Add the missing value.");
  const isObject = frame.node.type === "object";
  const opened = positionAt(text, frame.node.offset);
  return new ParseFailure(
    text.length,
    `The input ends before the '${isObject ? "{" : "["}' opened at line ` +
      `${opened.line}, column ${opened.column} is closed.`,
    open.length > 1
      ? `${open.length} brackets are still open; the innermost needs '${isObject ? "}" : "]"}'.`
      : `Add the missing '${isObject ? "}" : "]"}' at the end.`,
    { offset: frame.node.offset, label: `'${isObject ? "{" : "["}' opened here` },
  );
}

/** Something follows the document's one value. */
export function unexpectedAfterDocument(text: string, at: number, root: JsonNode): ParseFailure {
  const code = text.charCodeAt(at);
  const mistake = commonMistake(text, at, "value");
  if (mistake) return mistake;
  if (code === Char.CloseBrace || code === Char.CloseBracket) {
    return new ParseFailure(
      at,
      `Extra '${text[at]}': there is no open '${code === Char.CloseBrace ? "{" : "["}' to close.`,
      `Remove it, or add the missing '${code === Char.CloseBrace ? "{" : "["}' earlier.`,
    );
  }
  const several = typeof root !== "string" ? "JSON Lines (one value per line)" : "several values";
  return new ParseFailure(
    at,
    `Unexpected ${describeChar(text, at)} after the end of the JSON value.`,
    code === Char.Comma || code === Char.Quote || code === Char.OpenBrace || code === Char.OpenBracket || isDigit(code)
      ? `A JSON document holds exactly one value. For ${several}, wrap them in an array […] separated by commas.`
      : "A JSON document holds exactly one value; remove what follows it.",
  );
}
