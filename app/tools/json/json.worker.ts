// Formats large inputs off the main thread, so the page stays responsive while a 10 MB document is parsed.
import { formatJson } from "../../../shared/tools/json/engine";
import type { JsonFormatOptions } from "../../../shared/tools/json/limits";

export interface JsonWorkerRequest {
  id: number;
  input: string;
  options: JsonFormatOptions;
}

self.onmessage = (event: MessageEvent<JsonWorkerRequest>) => {
  const { id, input, options } = event.data;
  self.postMessage({ id, result: formatJson(input, options) });
};
