// Hears the other instances' changes of public content: a PostgreSQL connection of its own (LISTEN holds a
// session, so it cannot come from the pool) that turns each notification into a call to this process's
// subscribers (server/content-changes.ts). Notifications sent while it is not connected are lost, so every
// (re)connection drops every cache once; a heartbeat notices a connection that died without a word (a frozen or
// unreachable server), and reconnection backs off up to a few seconds. Without it, caches still expire on time:
// this only makes other instances' writes show sooner.
import pg from "pg";
import { ALL_TOPICS, CONTENT_CHANGE_CHANNEL, decodeContentChange, dispatchContentChange } from "./content-changes";

export const LISTENER_APPLICATION_NAME = "camera-probe content-change listener";

export interface ContentChangeListenerOptions {
  connectionString: string;
  /** How often the connection is checked with a trivial query; that query's deadline is the same. */
  heartbeatMs?: number;
  /** First and longest wait between reconnection attempts. */
  retryMs?: { first: number; longest: number };
}

/** Starts listening (the first attempt is awaited, a failure is retried in the background); answers a stop function. */
export async function listenForContentChanges({
  connectionString,
  heartbeatMs = 5_000,
  retryMs = { first: 250, longest: 5_000 },
}: ContentChangeListenerOptions): Promise<() => void> {
  let stopped = false;
  let client: pg.Client | null = null;
  let heartbeat: NodeJS.Timeout | undefined;
  let retry: NodeJS.Timeout | undefined;
  let nextWaitMs = retryMs.first;
  let lostSince: number | null = null;

  function drop(lost: pg.Client) {
    lost.removeAllListeners("notification");
    // An ended client may still report its socket's fate; that must not crash the process.
    lost.on("error", () => {});
    lost.end().catch(() => {});
  }

  function onLost(lost: pg.Client, reason: unknown) {
    if (stopped || client !== lost) return;
    client = null;
    clearInterval(heartbeat);
    drop(lost);
    if (lostSince === null) {
      lostSince = Date.now();
      console.warn(
        `[content-changes] lost the connection that hears other ` +
          `instances' changes (${messageOf(reason)}); reconnecting`,
      );
    }
    scheduleReconnect();
  }

  function scheduleReconnect() {
    if (stopped) return;
    // Jitter, so that instances losing the same server do not all come back in the same millisecond.
    const wait = nextWaitMs * (0.5 + Math.random() / 2);
    nextWaitMs = Math.min(nextWaitMs * 2, retryMs.longest);
    retry = setTimeout(() => void connect(), wait);
    retry.unref();
  }

  async function connect(): Promise<void> {
    const candidate = new pg.Client({
      connectionString,
      connectionTimeoutMillis: heartbeatMs,
      query_timeout: heartbeatMs,
      keepAlive: true,
      // Named, so that an operator can tell it apart in pg_stat_activity.
      application_name: LISTENER_APPLICATION_NAME,
    });
    candidate.on("error", (error) => onLost(candidate, error));
    candidate.on("end", () => onLost(candidate, "connection closed"));
    candidate.on("notification", (message) => {
      if (message.channel !== CONTENT_CHANGE_CHANNEL) return;
      const topics = decodeContentChange(message.payload);
      if (topics) dispatchContentChange(topics);
    });
    try {
      await candidate.connect();
      await candidate.query(`LISTEN ${CONTENT_CHANGE_CHANNEL}`);
    } catch (error) {
      drop(candidate);
      if (stopped) return;
      if (lostSince === null) {
        lostSince = Date.now();
        console.warn(
          `[content-changes] cannot listen for other instances' changes yet (${messageOf(error)}); retrying`,
        );
      }
      scheduleReconnect();
      return;
    }
    if (stopped) return drop(candidate);
    client = candidate;
    nextWaitMs = retryMs.first;
    if (lostSince !== null) {
      console.warn(
        `[content-changes] listening again after ${Date.now() - lostSince} ` +
          `ms; caches dropped, as changes may have been missed`,
      );
      lostSince = null;
    }
    // Whatever was announced before this moment went unheard.
    dispatchContentChange(ALL_TOPICS);
    heartbeat = setInterval(() => {
      candidate.query("select 1").catch((error: unknown) => onLost(candidate, error));
    }, heartbeatMs);
    heartbeat.unref();
  }

  await connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    clearInterval(heartbeat);
    if (client) drop(client);
    client = null;
  };
}

function messageOf(reason: unknown): string {
  return reason instanceof Error ? reason.message || reason.name : String(reason);
}
