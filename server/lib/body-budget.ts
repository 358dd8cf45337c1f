// Request bodies still arriving are held in memory until they are whole (a page post is read whole before its
// fields are checked; /api reads a JSON body whole). Each is bounded on its own (2 MB, 11 MB, 1 MiB), but 60 posts of
// 10.9 MB with their last bytes withheld held 600 MiB of a worker for a minute. So every body still arriving takes
// its bytes from one budget per worker, and must keep arriving at a minimum rate: past the budget it is refused
// with 503, too slow with 408, and in both cases the connection closes (host/process/early-answer.ts) and the bytes
// read so far are dropped. docs/security.md, "Unfinished bodies".
import { config } from "../config";

export interface BodyBudgetSettings {
  /** Bytes of unfinished bodies the worker holds at most, across all connections. */
  maxBytes: number;
  /** After `graceMs`, a body must bring at least this many bytes a second, measured over windows of `graceMs`. */
  minBytesPerSecond: number;
  graceMs: number;
}

/** Why a body was not read to its end: the error its stream fails with. */
export class BodyRefused extends Error {
  readonly status: 503 | 408;
  constructor(status: 503 | 408, message: string) {
    super(message);
    this.status = status;
  }
}

export interface BodyBudget {
  /** The body as a stream that takes its bytes from the budget while it arrives and fails with BodyRefused. */
  meter(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array>;
  readonly heldBytes: number;
}

export function createBodyBudget(settings: BodyBudgetSettings): BodyBudget {
  let held = 0;
  const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

  return {
    get heldBytes() {
      return held;
    },
    meter(body) {
      const reader = body.getReader();
      let counted = 0;
      let inWindow = 0;
      let finished = false;
      let refuse: ((refusal: BodyRefused) => void) | null = null;
      const settle = () => {
        if (finished) return;
        finished = true;
        clearInterval(timer);
        held -= counted;
      };
      // A body that stalls never wakes the reader, so the pace is checked on a timer of its own.
      const timer = setInterval(() => {
        if (inWindow < (settings.minBytesPerSecond * settings.graceMs) / 1000) {
          refuse?.(
            new BodyRefused(
              408,
              `The request body arrived too slowly: at least ${settings.minBytesPerSecond.toLocaleString("en")} ` +
                `bytes a second are needed after the first ${settings.graceMs / 1000} s.`,
            ),
          );
        }
        inWindow = 0;
      }, settings.graceMs);
      timer.unref();

      return new ReadableStream<Uint8Array>({
        async pull(controller) {
          const refused = new Promise<BodyRefused>((resolve) => (refuse = resolve));
          let next: Awaited<ReturnType<typeof reader.read>> | BodyRefused;
          try {
            next = await Promise.race([reader.read(), refused]);
          } catch (error) {
            // The connection broke: its bytes are dropped with it.
            settle();
            throw error;
          }
          if (next instanceof BodyRefused) {
            settle();
            await reader.cancel(next).catch(() => {});
            controller.error(next);
            return;
          }
          if (next.done) {
            settle();
            controller.close();
            return;
          }
          counted += next.value.byteLength;
          inWindow += next.value.byteLength;
          held += next.value.byteLength;
          if (held > settings.maxBytes) {
            const refusal = new BodyRefused(
              503,
              `The server is receiving too many large requests at once (at most ${megabytes(settings.maxBytes)} ` +
                `of unfinished request bodies); try again in a moment.`,
            );
            settle();
            await reader.cancel(refusal).catch(() => {});
            controller.error(refusal);
            return;
          }
          controller.enqueue(next.value);
        },
        async cancel(reason) {
          settle();
          await reader.cancel(reason).catch(() => {});
        },
      });
    },
  };
}

/** The worker's one budget, shared by page posts (host/page-form-gate.ts) and /api bodies (server/api/app.ts). */
export const workerBodyBudget = createBodyBudget({
  maxBytes: config.bodyBudgetMegabytes * 1024 * 1024,
  minBytesPerSecond: config.bodyMinBytesPerSecond,
  graceMs: config.bodyRateGraceSeconds * 1000,
});
