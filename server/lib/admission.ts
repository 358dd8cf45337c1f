// Admission control in front of the expensive work (rendered pages, page posts, exports, statistics, uploads,
// sign-in): one client gets its share of a worker, never everyone's. A worker runs one thread, so a client that
// holds many renders at once makes every other visitor wait behind them; past its share a client is told to come
// back (429), and when the worker itself is behind (its event loop delayed, or too much expensive work in flight)
// only the expensive class is refused (503), so health checks, static files and cached pages keep answering.
// docs/security.md, "One client gets its share".
import { monitorEventLoopDelay } from "node:perf_hooks";

export interface AdmissionSettings {
  /** Expensive requests one client address may have in flight at once; past it, 429. */
  perClient: number;
  /** Expensive requests the worker runs at once, from everyone; past it, 503. */
  maxInFlight: number;
  /** The event loop's recent delay (p99 of the last window) past which expensive work is refused with 503; 0: off. */
  maxEventLoopDelayMs: number;
}

export interface Refusal {
  status: 429 | 503;
  retryAfterSeconds: number;
  message: string;
}

/** An admitted request's place; give it back once its answer has been sent (or the connection closed). */
export interface Ticket {
  release(): void;
}

/** The event loop's delay as a recent percentile, in ms. */
export interface DelayGauge {
  recentMs(): number;
  stop(): void;
}

/** How long one measurement of the event loop's delay lasts; the refusal lasts about as long as the delay shows. */
const DELAY_WINDOW_MS = 500;

/**
 * The p99 of the event loop's delay over the last complete window of DELAY_WINDOW_MS (perf_hooks samples it every
 * 10 ms). A render that held the loop shows for one window after it, so the next expensive requests are
 * refused while the visitors it delayed catch up, instead of piling onto the backlog.
 */
function eventLoopDelayGauge(): DelayGauge {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let recent = 0;
  const timer = setInterval(() => {
    recent = histogram.count > 0 ? histogram.percentile(99) / 1e6 : 0;
    histogram.reset();
  }, DELAY_WINDOW_MS);
  timer.unref();
  return {
    recentMs: () => recent,
    stop() {
      clearInterval(timer);
      histogram.disable();
    },
  };
}

export interface Admission {
  /**
   * A ticket when the client may start expensive work now, else the refusal to answer with. A `refresh` (the render
   * that replaces a stored page past its max-age, at most one per stored page at a time) passes the worker's
   * budget: refusing it would leave every visitor of that page without it.
   */
  enter(client: string, options?: { refresh?: boolean }): Ticket | Refusal;
  readonly stats: { inFlight: number; clients: number; recentDelayMs: number };
}

export function isRefusal(outcome: Ticket | Refusal): outcome is Refusal {
  return "status" in outcome;
}

export function createAdmission(settings: AdmissionSettings, gauge: DelayGauge = eventLoopDelayGauge()): Admission {
  const perClient = new Map<string, number>();
  let inFlight = 0;

  return {
    enter(client, options) {
      const held = perClient.get(client) ?? 0;
      if (held >= settings.perClient) {
        return {
          status: 429,
          retryAfterSeconds: 1,
          message:
            `Too many requests at once from your address: at most ${settings.perClient} pages, exports or ` +
            `posts are worked on at a time for one address. Try again when the others have finished.`,
        };
      }
      const delayMs = settings.maxEventLoopDelayMs > 0 ? gauge.recentMs() : 0;
      if (!options?.refresh && (inFlight >= settings.maxInFlight || delayMs > settings.maxEventLoopDelayMs)) {
        return {
          status: 503,
          retryAfterSeconds: 2,
          message:
            inFlight >= settings.maxInFlight
              ? `The server is busy: it works on at most ${settings.maxInFlight} pages, exports or posts at ` +
                `once, and that many are under way. Try again in a moment.`
              : `The server is busy: its work is running ${Math.round(delayMs)} ms behind (the limit is ` +
                `${settings.maxEventLoopDelayMs} ms). Try again in a moment.`,
        };
      }
      perClient.set(client, held + 1);
      inFlight++;
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          inFlight--;
          const left = (perClient.get(client) ?? 1) - 1;
          if (left > 0) perClient.set(client, left);
          else perClient.delete(client);
        },
      };
    },
    get stats() {
      return { inFlight, clients: perClient.size, recentDelayMs: gauge.recentMs() };
    },
  };
}

/**
 * Holds a ticket until the answer has gone out: @hono/node-server hands the handler node's ServerResponse as
 * `env.outgoing`, whose "close" comes when the last byte was written or the connection dropped, so a streamed
 * export keeps its place while it streams. Without one (an in-process call in a test) the ticket goes back when
 * the handler has answered.
 */
export function releaseWhenSent(env: unknown, ticket: Ticket): () => void {
  const outgoing = (env as { outgoing?: NodeJS.EventEmitter & { writableFinished?: boolean } } | undefined)?.outgoing;
  if (outgoing && typeof outgoing.once === "function") {
    outgoing.once("close", () => ticket.release());
    // The answer was already sent or the connection is gone: its "close" has passed.
    if ((outgoing as { destroyed?: boolean }).destroyed) ticket.release();
    return () => {};
  }
  return () => ticket.release();
}
