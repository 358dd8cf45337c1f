// Input quoted in the tools' error messages. A message is read on a page and copied into bug reports, so what it
// quotes must print: a control character would vanish or move the cursor, a bidirectional control would reorder the
// message around it, and half a surrogate pair has no glyph (and no UTF-8 form). Such characters are shown as the
// escapes a developer would write for them, such as \u0000, \u001b or \ud83d.

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/**
 * Characters shown as escapes: C0 and C1 controls and DEL, line and paragraph separators, and the bidirectional
 * controls (marks, embeddings, overrides, isolates). Surrogates are handled apart, since a pair is one character.
 */
function needsEscape(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x061c ||
    code === 0x200e ||
    code === 0x200f ||
    code === 0x2028 ||
    code === 0x2029 ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

/** The escape of one UTF-16 code unit, as JSON and JavaScript write it: `\u001b`. */
export function unicodeEscape(code: number): string {
  return `\\u${code.toString(16).padStart(4, "0")}`;
}

/** The text with every character that would not print as itself written as its escape; anything else unchanged. */
export function printable(text: string): string {
  let result = "";
  let runStart = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isHighSurrogate(code) && isLowSurrogate(text.charCodeAt(i + 1))) {
      i++;
      continue;
    }
    if (!needsEscape(code) && !isHighSurrogate(code) && !isLowSurrogate(code)) continue;
    result += text.slice(runStart, i) + unicodeEscape(code);
    runStart = i + 1;
  }
  return runStart === 0 ? text : result + text.slice(runStart);
}

/** Whether one UTF-16 unit would be escaped on its own (a lone surrogate or a control character). */
export function escapesAlone(code: number): boolean {
  return needsEscape(code) || isHighSurrogate(code) || isLowSurrogate(code);
}

/** text[from, to) widened so that neither end falls between the two halves of a surrogate pair. */
export function sliceWhole(text: string, from: number, to: number): string {
  let start = Math.max(0, from);
  let end = Math.min(text.length, to);
  if (start > 0 && isLowSurrogate(text.charCodeAt(start)) && isHighSurrogate(text.charCodeAt(start - 1))) start--;
  if (
    end > start &&
    end < text.length &&
    isHighSurrogate(text.charCodeAt(end - 1)) &&
    isLowSurrogate(text.charCodeAt(end))
  )
    end++;
  return text.slice(start, end);
}

/**
 * A piece of input to quote in a message: printable, and when longer than `maxChars` UTF-16 units, its start and
 * "…" (never half a character).
 */
export function quoteExcerpt(text: string, maxChars = 60): string {
  if (text.length <= maxChars) return printable(text);
  return printable(sliceWhole(text, 0, maxChars)) + "…";
}
