// Percent-encoding with a choice of which ASCII characters stay as they are. UTF-8 throughout; a lone surrogate
// (which has no UTF-8 form) is an error at its position, never a silent U+FFFD.
import { unicodeEscape } from "../printable-text";
import { ipLiteralHosts, zoneIsEncoded } from "./ip-literal";
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
  const hosts = mode === "uri" ? ipLiteralHosts(text) : [];
  let output = "";
  let from = 0;
  // A URL's IPv6 host keeps its brackets and its zone delimiter: the result must still be that URL.
  for (const host of hosts) {
    const before = encodeRange(text, from, host.start, keep, spaceAsPlus);
    if (typeof before !== "string") return lonelySurrogate(text, before.at, lineOffset);
    output += before + "[";
    const address = host.zone >= 0 ? host.zone : host.end - 1;
    // Hex digits, ":" and ".", which the pattern of a host allows alone, are all kept as they are.
    output += encodeRange(text, host.start + 1, address, keep, spaceAsPlus) as string;
    if (host.zone >= 0) {
      const zoneId = zoneIsEncoded(text, host) ? host.zone + 3 : host.zone + 1;
      const zone = encodeRange(text, zoneId, host.end - 1, keepTable("rfc3986"), false);
      if (typeof zone !== "string") return lonelySurrogate(text, zone.at, lineOffset);
      output += "%25" + zone;
    }
    output += "]";
    from = host.end;
  }
  const rest = encodeRange(text, from, text.length, keep, spaceAsPlus);
  if (typeof rest !== "string") return lonelySurrogate(text, rest.at, lineOffset);
  return { ok: true, output: output + rest };
}

/** text[from, to) percent-encoded, or the offset of a lone surrogate, which has no UTF-8 form. */
function encodeRange(
  text: string,
  from: number,
  to: number,
  keep: Uint8Array,
  spaceAsPlus: boolean,
): string | { at: number } {
  let output = "";
  for (let i = from; i < to; i++) {
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
      const next = i + 1 < to ? text.charCodeAt(i + 1) : -1;
      if (code > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return { at: i };
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
  return output;
}

function lonelySurrogate(text: string, at: number, lineOffset: number): EncodeResult {
  const code = text.charCodeAt(at);
  const hex = code.toString(16).toUpperCase();
  return {
    ok: false,
    error: issueAt(
      text,
      at,
      unicodeEscape(code),
      `A lone surrogate (U+${hex}) has no UTF-8 form, so it cannot be percent-encoded.`,
      "It is half of an emoji or other character that was cut in two; remove it or restore the whole character.",
      lineOffset,
    ),
  };
}
