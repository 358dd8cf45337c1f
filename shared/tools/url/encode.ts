// Percent-encoding with a choice of which ASCII characters stay as they are. UTF-8 throughout; a lone surrogate
// (which has no UTF-8 form) is an error at its position, never a silent U+FFFD.
import { issueAt, type UrlIssue } from "./issues";
import type { EncodeMode } from "./options";

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const KEPT_BY_MODE: Record<EncodeMode, string> = {
  component: ALPHANUMERIC + "-_.!~*'()",
  uri: ALPHANUMERIC + "-_.!~*'();,/?:@&=+$#",
  form: ALPHANUMERIC + "*-._",
  rfc3986: ALPHANUMERIC + "-._~",
  alphanumeric: ALPHANUMERIC,
};

const keepTables = new Map<EncodeMode, Uint8Array>();
function keepTable(mode: EncodeMode): Uint8Array {
  let table = keepTables.get(mode);
  if (!table) {
    table = new Uint8Array(128);
    for (const char of KEPT_BY_MODE[mode]) table[char.charCodeAt(0)] = 1;
    keepTables.set(mode, table);
  }
  return table;
}

const HEX = "0123456789ABCDEF";
function percent(byte: number): string {
  return "%" + HEX[byte >> 4] + HEX[byte & 15];
}

export type EncodeResult = { ok: true; output: string } | { ok: false; error: UrlIssue };

export function encodeText(text: string, mode: EncodeMode, lineOffset = 0): EncodeResult {
  const keep = keepTable(mode);
  const spaceAsPlus = mode === "form";
  let output = "";
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) {
      if (keep[code]) output += text[i];
      else if (code === 32 && spaceAsPlus) output += "+";
      else output += percent(code);
      continue;
    }
    if (code < 0x800) {
      output += percent(0xc0 | (code >> 6)) + percent(0x80 | (code & 63));
      continue;
    }
    if (code >= 0xd800 && code <= 0xdfff) {
      const next = text.charCodeAt(i + 1);
      if (code > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) {
        const hex = code.toString(16).toUpperCase();
        return {
          ok: false,
          error: issueAt(
            text,
            i,
            `\\u${hex}`,
            `A lone surrogate (U+${hex}) has no UTF-8 form, so it cannot be percent-encoded.`,
            "It is half of an emoji or other character that was cut in two; remove it or restore the whole character.",
            lineOffset,
          ),
        };
      }
      const codePoint = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00);
      output +=
        percent(0xf0 | (codePoint >> 18)) +
        percent(0x80 | ((codePoint >> 12) & 63)) +
        percent(0x80 | ((codePoint >> 6) & 63)) +
        percent(0x80 | (codePoint & 63));
      i++;
      continue;
    }
    output += percent(0xe0 | (code >> 12)) + percent(0x80 | ((code >> 6) & 63)) + percent(0x80 | (code & 63));
  }
  return { ok: true, output };
}
