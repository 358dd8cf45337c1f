// Runs the formatter in a Web Worker (browser only). A new request cancels the one in flight by restarting the
// worker; if workers are unavailable or blocked, it formats on the main thread instead of failing.
import type { JsonToolResult } from "../../../shared/tools/json/engine";
import type { JsonFormatOptions } from "../../../shared/tools/json/limits";
import type { JsonWorkerRequest } from "./json.worker";

interface InFlight {
  id: number;
  input: string;
  options: JsonFormatOptions;
  resolve: (result: JsonToolResult | null) => void;
}

let worker: Worker | null = null;
/** The main-thread fallback, loaded only if it is needed. */
const formatHere = async (input: string, options: JsonFormatOptions) =>
  (await import("../../../shared/tools/json/engine")).formatJson(input, options);
let workerUnavailable = false;
let inFlight: InFlight | null = null;
let lastId = 0;

function startWorker(): Worker {
  const started = new Worker(new URL("./json.worker.ts", import.meta.url), { type: "module", name: "json-formatter" });
  started.onmessage = (event: MessageEvent<{ id: number; result: JsonToolResult }>) => {
    if (inFlight?.id !== event.data.id) return;
    const { resolve } = inFlight;
    inFlight = null;
    resolve(event.data.result);
  };
  started.onerror = (event) => {
    // Blocked by a Content-Security-Policy, failed to load, or crashed: never try again; finish on the main thread.
    event.preventDefault();
    workerUnavailable = true;
    started.terminate();
    worker = null;
    const pending = inFlight;
    inFlight = null;
    if (pending) void formatHere(pending.input, pending.options).then(pending.resolve);
  };
  return started;
}

/** Formats in the worker. Resolves null when a newer request replaced this one. */
export function formatInWorker(input: string, options: JsonFormatOptions): Promise<JsonToolResult | null> {
  if (inFlight) {
    inFlight.resolve(null);
    inFlight = null;
    worker?.terminate();
    worker = null;
  }
  if (workerUnavailable || typeof Worker === "undefined") return formatHere(input, options);
  try {
    worker ??= startWorker();
  } catch {
    workerUnavailable = true;
    return formatHere(input, options);
  }
  const id = ++lastId;
  return new Promise((resolve) => {
    inFlight = { id, input, options, resolve };
    worker!.postMessage({ id, input, options } satisfies JsonWorkerRequest);
  });
}

/** True once the worker could not run here (for the page to say so). */
export function isWorkerUnavailable(): boolean {
  return workerUnavailable;
}
