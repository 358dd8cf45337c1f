// The formatter as a worker thread's task (app/tools/json/format-json.server.ts runs it). Node loads this file and
// what it imports as they are, without a bundler: that is why this folder names its imports with their extensions.
import { formatJson, type FormatJsonLimits, type JsonToolResult } from "./engine.ts";
import type { JsonFormatOptions } from "./limits.ts";

export interface FormatTask {
  input: string;
  options: JsonFormatOptions;
  limits: FormatJsonLimits;
}

export default function format({ input, options, limits }: FormatTask): JsonToolResult {
  return formatJson(input, options, limits);
}
