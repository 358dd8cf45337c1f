// The JSON formatter as one call, used alike by the server action, the page and the Web Worker.
import { parseJson, type JsonSyntaxError, type ParseReport } from "./parse.ts";
import { printJson } from "./format.ts";
import { buildTree, type JsonTree } from "./tree.ts";
import {
  MAX_JSON_INPUT_BYTES,
  MAX_JSON_OUTPUT_BYTES,
  outputTooLargeMessage,
  tooLargeMessage,
  type JsonFormatOptions,
} from "./limits.ts";
import { utf8ByteLength } from "../text-size.ts";
import { outputPreview } from "./output-preview.ts";
import { describeRemovals } from "./describe.ts";

export interface JsonToolResult {
  /** Valid input, formatted. */
  ok: boolean;
  output: string;
  /** Why there is no output: the input is too large or empty, or its formatted text would be too large. */
  inputError?: string;
  /** Where and why the input is not valid JSON (strict, or JSONC when that option is on). */
  syntaxError?: JsonSyntaxError;
  report?: ParseReport;
  /** "Removed 1 line comment (line 2)." in JSONC mode, made here so the page needs no code to say it. */
  removalSummary?: string;
  tree?: JsonTree;
  inputBytes: number;
  /** UTF-8 bytes of the formatted text (counted here, in the worker, not on the page's main thread). */
  outputBytes?: number;
  /**
   * `output` is only the start of the formatted text (`previewChars`: a page with megabytes of text stalls the
   * browser).
   */
  outputCut?: boolean;
}

export interface FormatJsonLimits {
  /** Give `output` only up to about this many characters (cut at a line end, `outputCut` set), as a page shows it. */
  previewChars?: number;
}

export function formatJson(
  input: string,
  options: JsonFormatOptions,
  { previewChars }: FormatJsonLimits = {},
): JsonToolResult {
  const inputBytes = utf8ByteLength(input);
  if (inputBytes > MAX_JSON_INPUT_BYTES) {
    return { ok: false, output: "", inputError: tooLargeMessage(inputBytes), inputBytes };
  }
  if (input.trim() === "") {
    return { ok: false, output: "", inputError: "Paste some JSON to format.", inputBytes };
  }
  const parsed = parseJson(input, { jsonc: options.jsonc });
  const rest = parsed;
  const report: ParseReport = {
    removals: rest.removals,
    removalCounts: rest.removalCounts,
    duplicates: rest.duplicates,
    duplicateCount: rest.duplicateCount,
    impreciseNumbers: rest.impreciseNumbers,
    impreciseNumberCount: rest.impreciseNumberCount,
    bomIgnored: rest.bomIgnored,
    valueCount: rest.valueCount,
    maxDepth: rest.maxDepth,
  };
  if (!parsed.ok) return { ok: false, output: "", syntaxError: parsed.error, report, inputBytes };
  // Past the output limit the printer only counts, so a document that would print gigabytes costs no memory.
  const printed = printJson(parsed.root, options, Math.min(previewChars ?? Infinity, MAX_JSON_OUTPUT_BYTES));
  const outputBytes = printed.length + parsed.stringExtraUtf8Bytes;
  if (outputBytes > MAX_JSON_OUTPUT_BYTES)
    return { ok: false, output: "", inputError: outputTooLargeMessage(outputBytes), report, inputBytes };
  const preview = previewChars === undefined ? null : outputPreview(printed.text, previewChars);
  const removalSummary = describeRemovals(report);
  return {
    ok: true,
    output: preview ? preview.text : printed.text,
    ...(preview?.cut ? { outputCut: true } : {}),
    outputBytes,
    report,
    ...(removalSummary ? { removalSummary } : {}),
    tree: buildTree(parsed.root, options.sortKeys),
    inputBytes,
  };
}
