// Limits and option values of the JSON formatter, shared by the page, the worker and the server action.
// Kept free of zod and React so the browser bundle stays small.

/** Largest input, in UTF-8 bytes (10 MiB, shown as "10 MB"). */
export const MAX_JSON_INPUT_BYTES = 10 * 1024 * 1024;
export const MAX_JSON_INPUT_LABEL = "10 MB";

/** Above this size the browser formats in a Web Worker so typing stays smooth. */
export const WORKER_THRESHOLD_BYTES = 200 * 1024;

/** The tree view shows at most this many values and this many levels, so a 10 MB input does not make a 100 MB page. */
export const TREE_MAX_NODES = 2_000;
export const TREE_MAX_DEPTH = 40;

/** Lists (duplicate keys, removed comments, imprecise numbers) stop after this many entries; the total is still counted. */
export const REPORT_MAX_ITEMS = 100;

export const JSON_INDENTS = ["2", "4", "tab", "minified"] as const;
export type JsonIndent = (typeof JSON_INDENTS)[number];

export const JSON_INDENT_LABELS: Record<JsonIndent, string> = {
  "2": "2 spaces",
  "4": "4 spaces",
  tab: "Tab",
  minified: "Minified",
};

export interface JsonFormatOptions {
  indent: JsonIndent;
  sortKeys: boolean;
  /** Accept comments and trailing commas (JSONC) and report what was removed. */
  jsonc: boolean;
}

export const DEFAULT_JSON_OPTIONS: JsonFormatOptions = { indent: "2", sortKeys: false, jsonc: false };

/** UTF-8 length of a string without allocating the encoded bytes (lone surrogates count as U+FFFD, 3 bytes). */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** "1.5 MB", "820 KB", "12 bytes": binary units, as the limit is. */
export function formatByteSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} byte${bytes === 1 ? "" : "s"}`;
}

export function tooLargeMessage(bytes: number): string {
  return `The input is ${formatByteSize(bytes)} (${bytes.toLocaleString("en")} bytes); the limit is ${MAX_JSON_INPUT_LABEL} (${MAX_JSON_INPUT_BYTES.toLocaleString("en")} bytes). Split it, or format it with a command-line tool such as jq.`;
}
