// Runs the formatter in a Web Worker (browser only). A new request cancels the one in flight by restarting the
// worker; if workers are unavailable or blocked, it formats on the main thread instead of failing.
import type { JsonToolResult } from "#shared/tools/json/engine.ts";
import type { JsonFormatOptions } from "#shared/tools/json/limits.ts";
import type { JsonWorkerReply, JsonWorkerRequest } from "./json.worker";

/** The whole formatted text of a result whose `output` is only the start the box shows (it stays in the worker). */
export interface WholeOutput {
  text(): Promise<string>;
  blob(type: string): Promise<Blob>;
}

export type JsonResultInPage = JsonToolResult & { wholeOutput?: WholeOutput };

interface InFlight {
  id: number;
  input: string;
  options: JsonFormatOptions;
  resolve: (result: JsonResultInPage | null) => void;
}

/**
 * UTF-16 units of input a message carries: small enough that copying one part is a short task for the page's main
 * thread, where a whole 10 MB input in one message was a long one (docs/decisions/0062).
 */
export const INPUT_PART_CHARS = 1 << 20;

let worker: Worker | null = null;
/** The main-thread fallback, loaded only if it is needed. */
const formatHere = async (input: string, options: JsonFormatOptions) =>
  (await import("#shared/tools/json/engine.ts")).formatJson(input, options);
let workerUnavailable = false;
let inFlight: InFlight | null = null;
let lastId = 0;
let lastAsk = 0;
/** Copy and Download waiting for a whole output: answered by the worker, refused if it is restarted first. */
const asks = new Map<number, { resolve: (value: string | Blob | null) => void }>();

function stopWorker() {
  worker?.terminate();
  worker = null;
  for (const ask of asks.values()) ask.resolve(null);
  asks.clear();
}

function startWorker(): Worker {
  const started = new Worker(new URL("./json.worker.ts", import.meta.url), { type: "module", name: "json-formatter" });
  started.onmessage = (event: MessageEvent<JsonWorkerReply>) => {
    const reply = event.data;
    if (reply.kind === "whole-output") {
      asks.get(reply.ask)?.resolve(reply.value);
      asks.delete(reply.ask);
      return;
    }
    if (inFlight?.id !== reply.id) return;
    const { resolve } = inFlight;
    inFlight = null;
    resolve(reply.wholeOutputKept ? { ...reply.result, wholeOutput: wholeOutputOf(started, reply.id) } : reply.result);
  };
  started.onerror = (event) => {
    // Blocked by a Content-Security-Policy, failed to load, or crashed: never try again; finish on the main thread.
    event.preventDefault();
    workerUnavailable = true;
    stopWorker();
    const pending = inFlight;
    inFlight = null;
    if (pending) void formatHere(pending.input, pending.options).then(pending.resolve);
  };
  return started;
}

function askWorker(owner: Worker, request: JsonWorkerRequest & { kind: "whole-output" }): Promise<string | Blob> {
  return new Promise((resolve, reject) => {
    if (worker !== owner) return reject(new Error("The formatted text is gone: the input changed since."));
    asks.set(request.ask, {
      resolve: (value) =>
        value === null ? reject(new Error("The formatted text is gone: the input changed since.")) : resolve(value),
    });
    owner.postMessage(request satisfies JsonWorkerRequest);
  });
}

function wholeOutputOf(owner: Worker, id: number): WholeOutput {
  return {
    text: async () => String(await askWorker(owner, { kind: "whole-output", id, ask: ++lastAsk, as: "text" })),
    blob: async (type) => {
      const value = await askWorker(owner, { kind: "whole-output", id, ask: ++lastAsk, as: "blob", type });
      return value instanceof Blob ? value : new Blob([value], { type });
    },
  };
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
/** Not replaced by a newer request since (a function: the checks run after awaits that may change both). */
const isCurrent = (id: number, target: Worker) => inFlight?.id === id && worker === target;

/** Formats in the worker. Resolves null when a newer request replaced this one. */
export async function formatInWorker(input: string, options: JsonFormatOptions): Promise<JsonResultInPage | null> {
  if (inFlight) {
    // A worker busy with an older input would answer it first: a fresh one starts on this input at once.
    inFlight.resolve(null);
    inFlight = null;
    stopWorker();
  }
  if (workerUnavailable || typeof Worker === "undefined") return formatHere(input, options);
  let target: Worker;
  try {
    target = worker ??= startWorker();
  } catch {
    workerUnavailable = true;
    return formatHere(input, options);
  }
  const id = ++lastId;
  const done = new Promise<JsonResultInPage | null>((resolve) => {
    inFlight = { id, input, options, resolve };
  });
  for (let at = 0; at < input.length; at += INPUT_PART_CHARS) {
    if (at > 0) await nextTask();
    if (!isCurrent(id, target)) return done;
    const text = input.slice(at, at + INPUT_PART_CHARS);
    target.postMessage({ kind: "input-part", id, text } satisfies JsonWorkerRequest);
  }
  if (isCurrent(id, target)) target.postMessage({ kind: "format", id, options } satisfies JsonWorkerRequest);
  return done;
}

/** True once the worker could not run here (for the page to say so). */
export function isWorkerUnavailable(): boolean {
  return workerUnavailable;
}
