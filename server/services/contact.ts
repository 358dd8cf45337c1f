// Contact messages: stored first, then the site owner is notified by e-mail. A message whose notification
// failed (mail down or not configured) stays stored and unsent, and is retried: after each new message, on a
// timer in the server process, and when an administrator asks.
import { and, count, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { config } from "../config";
import type { Database } from "../db/client";
import { contactMessages } from "../db/schema";
import { deleteAndHold } from "./deleted-records";
import { getMailTransport, MailNotConfiguredError, ownerAddress, type MailTransport } from "./mail";
import {
  CONTACT_HONEYPOT_FIELD,
  type ContactFilter,
  type ContactInput,
  type ContactMessage,
  type ContactMessagePage,
  type ContactNotifyAttempt,
} from "#shared/contract/contact.ts";

type ContactRow = typeof contactMessages.$inferSelect;

function toContactMessage(row: ContactRow): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    client_ip: row.clientIp,
    created_at: row.createdAt.toISOString(),
    handled: row.handled,
    notified_at: row.notifiedAt?.toISOString() ?? null,
    notify_attempts: row.notifyAttempts,
    last_notify_error: row.lastNotifyError,
  };
}

export type SubmitResult = { stored: true; id: string } | { stored: false; reason: "honeypot" };

/**
 * Stores a message from the contact form. A filled honeypot is answered like a success (so a bot learns
 * nothing) but nothing is stored or sent. Notifying is left to scheduleContactNotifications.
 */
export async function submitContactMessage(
  db: Database,
  input: ContactInput,
  meta: { clientIp: string | null },
): Promise<SubmitResult> {
  if (input[CONTACT_HONEYPOT_FIELD]?.trim()) return { stored: false, reason: "honeypot" };
  const [row] = await db
    .insert(contactMessages)
    .values({ name: input.name, email: input.email, message: input.message, clientIp: meta.clientIp })
    .returning({ id: contactMessages.id });
  if (!row) throw new Error("contact message insert returned nothing");
  return { stored: true, id: row.id };
}

const NOTIFY_BATCH = 20;

/** The owner's notification for one message. Reply-To is the sender, so answering is one click. */
function contactNotification(row: Pick<ContactRow, "name" | "email" | "message" | "clientIp" | "createdAt">) {
  const shortName = row.name.length > 80 ? `${row.name.slice(0, 79)}…` : row.name;
  return {
    subject: `[${config.siteName}] Contact message from ${shortName}`,
    replyTo: { name: row.name, address: row.email },
    text: [
      `A message arrived through the contact form of ${config.siteName}.`,
      "",
      `From: ${row.name} <${row.email}>`,
      `Received: ${row.createdAt.toISOString()}`,
      `Client address: ${row.clientIp ?? "unknown"}`,
      "",
      "----",
      row.message,
    ].join("\n"),
  };
}

/**
 * One pass over the unsent messages, oldest first. It stops at the first failure: when the mail server is down,
 * the next message would fail the same way, and the next pass tries again.
 */
export async function notifyUnsentContactMessages(
  db: Database,
  options: { limit?: number } = {},
): Promise<ContactNotifyAttempt> {
  const pending = await db
    .select()
    .from(contactMessages)
    .where(isNull(contactMessages.notifiedAt))
    .orderBy(contactMessages.createdAt)
    .limit(options.limit ?? NOTIFY_BATCH);
  if (pending.length === 0) return { sent: 0, failed: 0, error: null };

  let transport: MailTransport;
  let recipient: string | null;
  try {
    transport = await getMailTransport(db);
    recipient = ownerAddress(transport);
    if (!recipient) throw new MailNotConfiguredError("Nobody to notify: set OWNER_EMAIL.");
  } catch (error) {
    const message = errorText(error);
    // Every pending message records why it is still unsent, for the administrators' list.
    await db
      .update(contactMessages)
      .set({ lastNotifyError: message, notifyAttempts: sql`${contactMessages.notifyAttempts} + 1` })
      .where(isNull(contactMessages.notifiedAt));
    return { sent: 0, failed: pending.length, error: message };
  }

  let sent = 0;
  for (const row of pending) {
    // Claim the message by bumping its attempt count: another process sending the same one at the same moment
    // finds the count changed and skips it.
    const [claimed] = await db
      .update(contactMessages)
      .set({ notifyAttempts: row.notifyAttempts + 1 })
      .where(
        and(
          eq(contactMessages.id, row.id),
          isNull(contactMessages.notifiedAt),
          eq(contactMessages.notifyAttempts, row.notifyAttempts),
        ),
      )
      .returning({ id: contactMessages.id });
    if (!claimed) continue;
    try {
      await transport.send({ ...contactNotification(row), to: recipient });
    } catch (error) {
      const message = errorText(error);
      // The messages after it were not tried, but would fail the same way: they show the reason too.
      await db.update(contactMessages).set({ lastNotifyError: message }).where(isNull(contactMessages.notifiedAt));
      return { sent, failed: 1, error: message };
    }
    await db
      .update(contactMessages)
      .set({ notifiedAt: new Date(), lastNotifyError: null })
      .where(eq(contactMessages.id, row.id));
    sent += 1;
  }
  return { sent, failed: 0, error: null };
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1_000);
}

// One pass at a time per database in this process; a request for another pass while one runs is remembered,
// so a message stored mid-pass is still picked up.
const passes = new WeakMap<Database, { promise: Promise<void>; again: boolean }>();

/** Starts notifying in the background (or joins the pass under way); resolves when no pass is left to run. */
export function scheduleContactNotifications(db: Database): Promise<void> {
  const current = passes.get(db);
  if (current) {
    current.again = true;
    return current.promise;
  }
  const state = { promise: Promise.resolve(), again: false };
  passes.set(db, state);
  state.promise = (async () => {
    try {
      do {
        state.again = false;
        const result = await notifyUnsentContactMessages(db);
        if (result.error) console.warn(`[contact] notification not sent, will retry: ${result.error}`);
        else if (result.sent > 0) console.log(`[contact] sent ${result.sent} notification(s)`);
      } while (state.again);
    } catch (error) {
      console.error("[contact] notification pass failed:", errorText(error));
    } finally {
      passes.delete(db);
    }
  })();
  return state.promise;
}

/** Resolves when the pass under way, if any, has ended; starts none. */
export function contactNotificationsSettled(db: Database): Promise<void> {
  return passes.get(db)?.promise ?? Promise.resolve();
}

/** Retries unsent notifications every intervalMs (first soon after start-up); returns the function that stops it. */
export function startContactNotificationRetry(db: Database, intervalMs: number): () => void {
  const run = () => void scheduleContactNotifications(db);
  const first = setTimeout(run, Math.min(intervalMs, 5_000));
  const timer = setInterval(run, intervalMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}

const FILTERS: Record<ContactFilter, SQL | undefined> = {
  all: undefined,
  open: eq(contactMessages.handled, false),
  handled: eq(contactMessages.handled, true),
  unsent: isNull(contactMessages.notifiedAt),
};

export async function listContactMessages(
  db: Database,
  options: { filter: ContactFilter; page: number; pageSize: number },
): Promise<Pick<ContactMessagePage, "messages" | "count" | "open" | "unsent">> {
  const where = FILTERS[options.filter];
  const rows = await db
    .select()
    .from(contactMessages)
    .where(where)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize);
  const [totals] = await db
    .select({
      count: where ? sql<number>`count(*) filter (where ${where})`.mapWith(Number) : count(),
      open: sql<number>`count(*) filter (where not ${contactMessages.handled})`.mapWith(Number),
      unsent: sql<number>`count(*) filter (where ${contactMessages.notifiedAt} is null)`.mapWith(Number),
    })
    .from(contactMessages);
  return {
    messages: rows.map(toContactMessage),
    count: totals?.count ?? 0,
    open: totals?.open ?? 0,
    unsent: totals?.unsent ?? 0,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function setContactMessageHandled(
  db: Database,
  id: string,
  handled: boolean,
): Promise<ContactMessage | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db.update(contactMessages).set({ handled }).where(eq(contactMessages.id, id)).returning();
  return row ? toContactMessage(row) : null;
}

/** Deletes a message, kept for undo (server/services/deleted-records.ts); null when there is no such message. */
export async function deleteContactMessage(db: Database, id: string, deletedBy: string): Promise<string | null> {
  if (!UUID.test(id)) return null;
  const { holdId } = await db.transaction((tx) => deleteAndHold(tx, "contact_message", id, deletedBy));
  return holdId;
}
