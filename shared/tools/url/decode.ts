// Strict percent-decoding: every "%" must start a %XX byte, and the bytes must be valid UTF-8. Each problem is
// reported with its sequence and position; there is no fallback that keeps bad sequences or inserts U+FFFD.
import { printable } from "../printable-text";
import { ipLiteralHosts } from "./ip-literal";
import { issueAt, type UrlIssue } from "./issues";
import { MAX_URL_ERRORS } from "./options";

export type DecodeResult = { ok: true; output: string } | { ok: false; errors: UrlIssue[]; errorCount: number };

export interface DecodeOptions {
  plusAsSpace: boolean;
  /** Lines before this text, when it is one line of a larger input. */
  lineOffset?: number;
}

function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 70) return code - 55;
  if (code >= 97 && code <= 102) return code - 87;
  return -1;
}

const NOT_UTF8_HINT =
  "The text may be in another encoding (in Latin-1, %E9 is é); this tool reads percent-encoded bytes as UTF-8.";

export function decodeText(text: string, options: DecodeOptions): DecodeResult {
  const lineOffset = options.lineOffset ?? 0;
  const errors: UrlIssue[] = [];
  let errorCount = 0;
  const report = (offset: number, sequence: string, message: string, hint?: string) => {
    errorCount++;
    if (errors.length < MAX_URL_ERRORS) errors.push(issueAt(text, offset, sequence, message, hint, lineOffset));
  };

  let output = "";
  /** Offsets of the zone delimiters of IPv6 hosts, found when a "%" does not start a byte. */
  let zones: Set<number> | undefined;
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === 43 && options.plusAsSpace) {
      output += " ";
      i++;
      continue;
    }
    if (code !== 37) {
      // Copy the run up to the next "%" (or "+") at once.
      let end = i + 1;
      while (end < text.length) {
        const next = text.charCodeAt(end);
        if (next === 37 || (next === 43 && options.plusAsSpace)) break;
        end++;
      }
      output += text.slice(i, end);
      i = end;
      continue;
    }
    // A run of %XX bytes, decoded together as UTF-8.
    const bytes: number[] = [];
    const runStart = i;
    while (i < text.length && text.charCodeAt(i) === 37) {
      const high = hexValue(text.charCodeAt(i + 1));
      const low = hexValue(text.charCodeAt(i + 2));
      if (high < 0 || low < 0) break;
      bytes.push((high << 4) | low);
      i += 3;
    }
    if (bytes.length > 0) output += decodeUtf8Run(bytes, runStart, text, report);
    if (
      i < text.length &&
      text.charCodeAt(i) === 37 &&
      (hexValue(text.charCodeAt(i + 1)) < 0 || hexValue(text.charCodeAt(i + 2)) < 0)
    ) {
      // "http://[fe80::1%eth0]/": the zone of an IPv6 host written as the system tools print it, kept as written.
      zones ??= new Set(ipLiteralHosts(text).map((host) => host.zone));
      if (zones.has(i)) {
        output += "%";
        i += 1;
        continue;
      }
      const sequence = malformedSequence(text, i);
      if (sequence === "%") {
        report(
          i,
          "%",
          "A lone '%' at the end of the input: it must be followed by two hex digits.",
          "If the % is meant literally, encode it as %25.",
        );
      } else {
        report(
          i,
          sequence,
          `'${sequence}' is not a percent-encoded byte: '%' must be followed by two hex digits (0–9, A–F).`,
          "If the % is meant literally, encode it as %25.",
        );
      }
      i += 1;
    }
  }
  if (errorCount > 0) return { ok: false, errors, errorCount };
  return { ok: true, output };
}

/**
 * The bad sequence as written, printable: "%" alone, "%z", "%zz", "%😀" — two characters after the "%" at most
 * (a surrogate pair is one), never past a line break.
 */
function malformedSequence(text: string, at: number): string {
  let end = at + 1;
  for (let characters = 0; characters < 2 && end < text.length && !/[\r\n%]/.test(text[end]!); characters++) {
    const code = text.codePointAt(end)!;
    end += code > 0xffff ? 2 : 1;
  }
  return printable(text.slice(at, end));
}

/** Decodes bytes that came from consecutive %XX at runStart (3 characters each), reporting invalid UTF-8. */
function decodeUtf8Run(
  bytes: number[],
  runStart: number,
  text: string,
  report: (offset: number, sequence: string, message: string, hint?: string) => void,
): string {
  let output = "";
  let k = 0;
  const sequenceText = (from: number, to: number) => text.slice(runStart + from * 3, runStart + to * 3);
  while (k < bytes.length) {
    const lead = bytes[k]!;
    if (lead < 0x80) {
      output += String.fromCharCode(lead);
      k++;
      continue;
    }
    let length = 0;
    let min = 0x80;
    let max = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) length = 2;
    else if (lead >= 0xe0 && lead <= 0xef) {
      length = 3;
      if (lead === 0xe0) min = 0xa0;
      if (lead === 0xed) max = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      length = 4;
      if (lead === 0xf0) min = 0x90;
      if (lead === 0xf4) max = 0x8f;
    }
    const leadHex = sequenceText(k, k + 1);
    if (length === 0) {
      const message =
        lead <= 0xbf
          ? `${leadHex} is a UTF-8 continuation byte with no lead byte before it.`
          : lead <= 0xc1
            ? `${leadHex} starts an overlong UTF-8 encoding, which is invalid.`
            : `${leadHex} never appears in UTF-8.`;
      report(runStart + k * 3, leadHex, `Invalid UTF-8: ${message}`, NOT_UTF8_HINT);
      k++;
      continue;
    }
    let valid = 1;
    while (valid < length && k + valid < bytes.length) {
      const byte = bytes[k + valid]!;
      const low = valid === 1 ? min : 0x80;
      const high = valid === 1 ? max : 0xbf;
      if (byte < low || byte > high) break;
      valid++;
    }
    if (valid < length) {
      const sequence = sequenceText(k, k + valid);
      const next = k + valid < bytes.length ? bytes[k + valid]! : -1;
      let message: string;
      if (valid === 1 && next >= 0x80 && next <= 0xbf) {
        message =
          lead === 0xed
            ? `${sequenceText(k, k + 2)} encodes a UTF-16 surrogate, which UTF-8 does not allow.`
            : lead === 0xf4
              ? `${sequenceText(k, k + 2)} encodes a code point beyond U+10FFFF.`
              : `${sequenceText(k, k + 2)} is an overlong UTF-8 encoding.`;
      } else {
        const continuation =
          valid === 1
            ? "no continuation byte follows"
            : valid === 2
              ? "only 1 continuation byte follows"
              : `only ${valid - 1} continuation bytes follow`;
        message =
          `${sequence} is an incomplete UTF-8 sequence: ` +
          `${leadHex} starts a ${length}-byte character but ${continuation}.`;
      }
      report(runStart + k * 3, sequence, `Invalid UTF-8: ${message}`, NOT_UTF8_HINT);
      k += valid;
      continue;
    }
    let codePoint = lead & (0xff >> (length + 1));
    for (let j = 1; j < length; j++) codePoint = (codePoint << 6) | (bytes[k + j]! & 63);
    output += String.fromCodePoint(codePoint);
    k += length;
  }
  return output;
}
