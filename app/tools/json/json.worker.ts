// Formats large inputs off the main thread, so the page stays responsive while a 10 MB document is parsed.
//
// Copying a string between threads costs the page's main thread time in step with its length (docs/decisions/0062),
// so neither direction carries megabytes in one message: the input comes in parts, each copied in its own task, and
// the reply carries only the start of the formatted text that the output box shows. The whole text stays here until
// Copy or Download asks for it (as a Blob for Download: passing one costs nothing, and its UTF-8 encoding is done
// here).
import { formatJson, type JsonToolResult } from "#shared/tools/json/engine.ts";
import type { JsonFormatOptions } from "#shared/tools/json/limits.ts";
import { outputPreview } from "#shared/tools/json/output-preview.ts";

export type JsonWorkerRequest =
  | { kind: "input-part"; id: number; text: string }
  | { kind: "format"; id: number; options: JsonFormatOptions }
  | { kind: "whole-output"; id: number; ask: number; as: "text" }
  | { kind: "whole-output"; id: number; ask: number; as: "blob"; type: string };

export type JsonWorkerReply =
  | { kind: "result"; id: number; result: JsonToolResult; wholeOutputKept: boolean }
  | { kind: "whole-output"; ask: number; value: string | Blob | null };

let inputParts: { id: number; parts: string[] } = { id: 0, parts: [] };
/** The whole formatted text of the last result whose reply carried only its start. */
let kept: { id: number; output: string } | null = null;

const reply = (message: JsonWorkerReply) => self.postMessage(message);

self.onmessage = (event: MessageEvent<JsonWorkerRequest>) => {
  const request = event.data;
  if (request.kind === "input-part") {
    if (inputParts.id !== request.id) inputParts = { id: request.id, parts: [] };
    inputParts.parts.push(request.text);
  } else if (request.kind === "format") {
    const input = inputParts.id === request.id ? inputParts.parts.join("") : "";
    inputParts = { id: 0, parts: [] };
    kept = null;
    const result = formatJson(input, request.options);
    const preview = result.ok ? outputPreview(result.output) : null;
    if (preview?.cut) {
      kept = { id: request.id, output: result.output };
      const start = { ...result, output: preview.text, outputCut: true };
      reply({ kind: "result", id: request.id, result: start, wholeOutputKept: true });
    } else {
      reply({ kind: "result", id: request.id, result, wholeOutputKept: false });
    }
  } else {
    const output = kept?.id === request.id ? kept.output : null;
    const value = output === null ? null : request.as === "text" ? output : new Blob([output], { type: request.type });
    reply({ kind: "whole-output", ask: request.ask, value });
  }
};
