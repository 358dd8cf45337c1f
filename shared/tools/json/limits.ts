// Limits and option values of the JSON formatter, shared by the page, the worker and the server action.
// Kept free of zod and React so the browser bundle stays small.
import { formatByteSize, sizeLimitMessage } from "../text-size.ts";

/** Largest input, in UTF-8 bytes (10 MiB, shown as "10 MB"). */
export const MAX_JSON_INPUT_BYTES = 10 * 1024 * 1024;
export const MAX_JSON_INPUT_LABEL = "10 MB";

/**
 * Above this size the browser formats in a Web Worker so typing stays smooth, and the server on a worker thread so
 * its other requests are answered meanwhile.
 */
export const WORKER_THRESHOLD_BYTES = 200 * 1024;

/**
 * Deepest nesting of arrays and objects the formatter takes (`[]` is one level). Indented output grows with depth
 * times values, so without a bound 10 MB of brackets would need terabytes of text; real documents stay far below.
 */
export const MAX_JSON_DEPTH = 1_000;

/**
 * Largest formatted text, in UTF-8 bytes (64 MiB, shown as "64 MB"). Indentation repeats on every line, so 10 MB of
 * small values nested a few hundred levels deep would print gigabytes; the size is counted first, and past this the
 * tool says so instead of building the text. Minified output is never larger than the input.
 */
export const MAX_JSON_OUTPUT_BYTES = 64 * 1024 * 1024;
const MAX_JSON_OUTPUT_LABEL = "64 MB";

/** The tree view shows at most this many values and this many levels, so a 10 MB input does not make a 100 MB page. */
export const TREE_MAX_NODES = 2_000;
export const TREE_MAX_DEPTH = 40;

/**
 * Lists (duplicate keys, removed comments, imprecise numbers) stop after this many entries; the total is still counted.
 */
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

export function tooLargeMessage(bytes: number): string {
  return (
    `${sizeLimitMessage(bytes, MAX_JSON_INPUT_BYTES, MAX_JSON_INPUT_LABEL)} ` +
    `Split it, or format it with a command-line tool such as jq.`
  );
}

export function outputTooLargeMessage(bytes: number): string {
  return (
    `Formatted with this indent the text would be ${formatByteSize(bytes)} (${bytes.toLocaleString("en")} bytes); ` +
    `the limit is ${MAX_JSON_OUTPUT_LABEL} (${MAX_JSON_OUTPUT_BYTES.toLocaleString("en")} ` +
    `bytes). Choose Minified, or format it with a command-line tool such as jq.`
  );
}
