// Limits and option values of the JSON formatter, shared by the page, the worker and the server action.
// Kept free of zod and React so the browser bundle stays small.
import { sizeLimitMessage } from "../text-size";

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

export function tooLargeMessage(bytes: number): string {
  return `${sizeLimitMessage(bytes, MAX_JSON_INPUT_BYTES, MAX_JSON_INPUT_LABEL)} Split it, or format it with a command-line tool such as jq.`;
}
