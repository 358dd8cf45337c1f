// The URL decoder & encoder as one call, used alike by the server action and the page.
import { positionAt } from "../text-position";
import { sizeLimitMessage, utf8ByteLength } from "../text-size";
import { breakDownUrl, type UrlBreakdown } from "./breakdown";
import { decodeText } from "./decode";
import { encodeText } from "./encode";
import { ipLiteralHosts } from "./ip-literal";
import type { UrlIssue } from "./issues";
import { decodeLayers, type DecodeLayers } from "./layers";
import { MAX_URL_ERRORS, MAX_URL_INPUT_BYTES, MAX_URL_INPUT_LABEL, type UrlToolOptions } from "./options";

export interface UrlToolResult {
  ok: boolean;
  output: string;
  /** Why there is no output at all (empty or too large input). */
  inputError?: string;
  /** Every malformed sequence (up to MAX_URL_ERRORS), with its position. */
  errors: UrlIssue[];
  errorCount: number;
  /** Things worth knowing about a successful result. */
  notes: string[];
  /** Each decoding layer of double-encoded input. */
  layers: DecodeLayers | null;
  breakdown: { of: "input" | "output"; parts: UrlBreakdown } | null;
}

const LINE_BREAK = /\r\n|\n|\r/;
const PERCENT_BYTES = /%[0-9A-Fa-f]{2}/g;

/** The first %XX in the text that encoding will turn into %25XX (Full URI mode keeps an IPv6 zone's "%25"). */
function firstPercentByte(text: string, mode: UrlToolOptions["mode"]): RegExpExecArray | null {
  const keptZones = mode === "uri" ? new Set(ipLiteralHosts(text).map((host) => host.zone)) : null;
  for (const match of text.matchAll(PERCENT_BYTES)) if (!keptZones?.has(match.index)) return match;
  return null;
}

export function runUrlTool(input: string, options: UrlToolOptions): UrlToolResult {
  const empty = { ok: false, output: "", errors: [], errorCount: 0, notes: [], layers: null, breakdown: null };
  const bytes = utf8ByteLength(input);
  if (bytes > MAX_URL_INPUT_BYTES) {
    return { ...empty, inputError: sizeLimitMessage(bytes, MAX_URL_INPUT_BYTES, MAX_URL_INPUT_LABEL) };
  }
  if (input === "") return { ...empty, inputError: `Type or paste the text to ${options.direction}.` };

  const newline = options.lineEnding === "crlf" ? "\r\n" : "\n";
  const lines = input.split(LINE_BREAK);
  // Whole-text mode treats line breaks as data, written the way the user chose; line mode handles each line alone.
  const chunks = options.lineMode ? lines : [lines.join(newline)];
  const outputs: string[] = [];
  const errors: UrlIssue[] = [];
  let errorCount = 0;
  let lineOffset = 0;
  for (const chunk of chunks) {
    if (options.direction === "encode") {
      const encoded = encodeText(chunk, options.mode, lineOffset);
      if (encoded.ok) outputs.push(encoded.output);
      else {
        errorCount++;
        if (errors.length < MAX_URL_ERRORS) errors.push(encoded.error);
      }
    } else {
      const decoded = decodeText(chunk, { plusAsSpace: options.plusAsSpace, lineOffset });
      if (decoded.ok) outputs.push(decoded.output);
      else {
        errorCount += decoded.errorCount;
        errors.push(...decoded.errors.slice(0, MAX_URL_ERRORS - errors.length));
      }
    }
    lineOffset++;
  }
  if (errorCount > 0) {
    // In a text of several lines, name the line even for errors on the first one.
    const located =
      lines.length > 1
        ? errors.map((error) => ({ ...error, where: `line ${error.line}, column ${error.column}` }))
        : errors;
    return { ...empty, errors: located, errorCount };
  }

  const output = outputs.join(newline);
  const notes: string[] = [];
  const text = chunks.join(newline);
  if (options.direction === "encode") {
    const already = firstPercentByte(text, options.mode);
    if (already) {
      const { line, column } = positionAt(text, already.index);
      notes.push(
        `The input already holds percent-encoded text (${already[0]} at line ${line}, column ${column}); ` +
          `encoding it again turns each % into %25 (double encoding). Choose Decode if you meant to read it.`,
      );
    }
  } else if (!options.plusAsSpace && text.includes("+")) {
    notes.push(
      "'+' was kept as '+'. In query strings and form data '+' stands " +
        "for a space: turn on “+ as space” to decode it so.",
    );
  }
  if (!options.lineMode && lines.length > 1) {
    const crlf = options.lineEnding === "crlf";
    const encoded = options.direction === "encode" ? ` (${crlf ? "%0D%0A" : "%0A"})` : "";
    notes.push(
      `Line breaks were treated as ${crlf ? "CRLF" : "LF"}${encoded}; ` +
        `turn on line-by-line mode to handle each line on its own.`,
    );
  }

  const layers = options.direction === "decode" && !options.lineMode ? decodeLayers(text, options.plusAsSpace) : null;
  const inputParts = lines.length === 1 ? breakDownUrl(input) : null;
  const outputParts = !inputParts && options.direction === "decode" && !options.lineMode ? breakDownUrl(output) : null;
  const breakdown = inputParts
    ? { of: "input" as const, parts: inputParts }
    : outputParts
      ? { of: "output" as const, parts: outputParts }
      : null;
  return { ok: true, output, errors: [], errorCount: 0, notes, layers, breakdown };
}
