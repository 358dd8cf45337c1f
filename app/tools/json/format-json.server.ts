// The JSON tool's server side formats a large input on a worker thread, so that one visitor's 10 MB post does not
// hold the event loop (and every other request) for the seconds it takes; a small one is formatted in place, where
// the copy to a thread would cost more than the work.
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { data } from "react-router";
import Tinypool from "tinypool";
import { formatJson, type FormatJsonLimits, type JsonToolResult } from "#shared/tools/json/engine.ts";
import { WORKER_THRESHOLD_BYTES, type JsonFormatOptions } from "#shared/tools/json/limits.ts";
import type { FormatTask } from "#shared/tools/json/format-thread.ts";

/** Inputs given to the thread and not yet answered; admission control keeps a worker's requests far below it. */
const MAX_TASKS = 16;
/** Far above what the engine's bounded input needs; a thread past it ends alone, not the process. */
const THREAD_HEAP_MB = 1024;

/** Long enough for a burst of posts to share one thread, short enough that memory returns within seconds. */
const THREAD_IDLE_MS = 1_000;

let pool: Tinypool | undefined;
let tasks = 0;

function formatPool(): Tinypool {
  pool ??= new Tinypool({
    // Resolved through package.json's imports, which point at the same file in development and in the build.
    filename: pathToFileURL(createRequire(import.meta.url).resolve("#shared/tools/json/format-thread.ts")).href,
    minThreads: 0,
    maxThreads: 1,
    // An idle thread still holds the heap its last input filled; ending it soon gives that memory back.
    idleTimeout: THREAD_IDLE_MS,
    resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB },
  });
  return pool;
}

/** The formatter's answer for an input; over WORKER_THRESHOLD_BYTES (UTF-16 units, a cheap bound), on the thread. */
export async function formatJsonOnServer(
  input: string,
  options: JsonFormatOptions,
  limits: FormatJsonLimits,
): Promise<JsonToolResult> {
  if (input.length <= WORKER_THRESHOLD_BYTES) return formatJson(input, options, limits);
  if (tasks >= MAX_TASKS) {
    throw data(`The formatter is busy with ${MAX_TASKS} large inputs; try again in a moment.`, {
      status: 503,
      headers: { "Retry-After": "5" },
    });
  }
  const task: FormatTask = { input, options, limits };
  tasks++;
  try {
    return (await formatPool().run(task)) as JsonToolResult;
  } finally {
    tasks--;
  }
}
