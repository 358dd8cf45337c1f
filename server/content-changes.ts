// The signal that public content changed: what the pages a visitor without a session sees are built from (camera
// reports, site vars, the legal pages' site data). The caches that hold such content (the page cache, the report
// list cache, the web tier's site settings) subscribe here and drop what they hold when it arrives.
//
// A write publishes its change inside its own transaction with NOTIFY, so PostgreSQL delivers it to every
// instance's listener (server/content-change-listener.ts) exactly when the write commits; this process is told
// directly, right after the commit and before the write's answer is sent, so a visitor reads their own write at
// once. With PGlite there is one process and the same code runs: the NOTIFY reaches no one, the direct call does.
// Sign-in, sign-out and anything else that changes no public page publish nothing.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "./db/client";

const CONTENT_TOPICS = ["camera-reports", "site-vars", "site-data"] as const;
export type ContentTopic = (typeof CONTENT_TOPICS)[number];
export type ContentChangeListener = (topics: ReadonlySet<ContentTopic>) => void;

export const CONTENT_CHANGE_CHANNEL = "public_content_changed";

/** Names this process in its notifications, so its listener skips what it was already told directly. */
export const INSTANCE_ID = randomBytes(8).toString("hex");

export const ALL_TOPICS: ReadonlySet<ContentTopic> = new Set(CONTENT_TOPICS);

// On globalThis, like the runtime: a development reload of this module must not leave the database listener
// (kept across reloads) telling an old set of subscribers.
const holder = globalThis as typeof globalThis & { __contentChangeListeners?: Set<ContentChangeListener> };
const listeners = (holder.__contentChangeListeners ??= new Set());

/** Calls `listener` on every change of public content; answers the function that stops it. */
export function onContentChange(listener: ContentChangeListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells this process's subscribers that these topics changed (after a commit, or as told by another instance). */
export function dispatchContentChange(topics: ReadonlySet<ContentTopic>): void {
  for (const listener of listeners) {
    try {
      listener(topics);
    } catch (error) {
      // One broken subscriber must not keep the others holding stale content.
      console.error("[content-changes] a subscriber failed:", error);
    }
  }
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Runs a write that changes public content in one transaction that also announces the change: other instances
 * learn of it when (and only if) it commits, this one right after. A write that throws rolls back and announces
 * nothing.
 */
export async function changePublicContent<T>(
  db: Database,
  topics: ContentTopic[],
  write: (tx: Transaction) => Promise<T>,
): Promise<T> {
  const result = await db.transaction(async (tx) => {
    const value = await write(tx);
    await tx.execute(sql`select pg_notify(${CONTENT_CHANGE_CHANNEL}, ${encodeContentChange(topics)})`);
    return value;
  });
  dispatchContentChange(new Set(topics));
  return result;
}

export function encodeContentChange(topics: readonly ContentTopic[], instanceId = INSTANCE_ID): string {
  return `${instanceId} ${[...new Set(topics)].join(",")}`;
}

/**
 * A notification's topics, or null when this process sent it. A payload this version cannot read (a newer
 * instance's topic) counts as every topic: dropping too much costs a render, keeping too much shows stale content.
 */
export function decodeContentChange(
  payload: string | undefined,
  instanceId = INSTANCE_ID,
): ReadonlySet<ContentTopic> | null {
  const [sender = "", list = ""] = (payload ?? "").split(" ");
  if (sender === instanceId) return null;
  const topics = list.split(",");
  if (!topics.every((topic): topic is ContentTopic => (CONTENT_TOPICS as readonly string[]).includes(topic)))
    return ALL_TOPICS;
  return new Set(topics);
}
