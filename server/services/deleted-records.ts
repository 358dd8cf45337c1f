// Deletes an administrator can undo for a few minutes. The delete keeps, in its own transaction, the rows as they were
// (`to_jsonb(row)`: the record, then the rows that cascade with it) and the ids of the rows whose link to it is set
// null; restore puts the same rows back (`jsonb_populate_recordset` keeps every column's type and value, ids and
// digests included) and links those rows again. The snapshot stays in the database: only the hold's id leaves it.
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { HELD_RESOURCE_NAMES } from "#shared/contract/deleted.ts";
import { ConflictError, GoneError, isUniqueViolation, NotFoundError } from "./errors";

export type HeldResourceName = (typeof HELD_RESOURCE_NAMES)[number];
type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** How long a delete can be undone. */
const HOLD_MINUTES = 10;
/** Expired holds removed by each new hold, so the table stays small without a timer. */
const PURGE_BATCH = 100;

interface HeldResource {
  /** The record's table; its key column is `id`. */
  table: string;
  /** Tables whose rows cascade with the record, by their column naming it; restored after it, in this order. */
  children: { table: string; column: string }[];
  /** Tables whose link to the record is set null on delete: the rows linked again when it is restored. */
  relinks: { table: string; column: string }[];
}

/**
 * What each undoable delete keeps. A user's sessions are not kept: the restored user signs in again, and no bearer
 * token deleted with them works again. Their API keys and mail connections get their owner back.
 */
const HELD_RESOURCES = {
  user: {
    table: "users",
    children: [{ table: "accounts", column: "user_id" }],
    relinks: [
      { table: "api_keys", column: "user_id" },
      { table: "mail_connections", column: "user_id" },
    ],
  },
  api_key: { table: "api_keys", children: [], relinks: [{ table: "camera_reports", column: "api_key_id" }] },
  mail_connection: { table: "mail_connections", children: [], relinks: [] },
  contact_message: { table: "contact_messages", children: [], relinks: [] },
  site_data: { table: "site_data", children: [], relinks: [] },
  image_job: { table: "image_host_jobs", children: [], relinks: [] },
} as const satisfies Record<HeldResourceName, HeldResource>;

/** A delete's outcome: how many records went (1, or 0 when already gone) and the hold that can undo it. */
export interface HeldDelete {
  deleted: number;
  holdId: string | null;
}

function isHeldResourceName(name: string): name is HeldResourceName {
  return (HELD_RESOURCE_NAMES as readonly string[]).includes(name);
}

const id = (name: string) => sql.identifier(name);

async function rowsOf<Row>(pending: Promise<unknown>): Promise<Row[]> {
  return ((await pending) as { rows: Row[] }).rows;
}

/**
 * Deletes the record `recordId` of `resource` inside `tx` and keeps it for undo. Returns how many records went (1, or
 * 0 when it was already gone) and the hold's id (null when nothing was deleted).
 */
export async function deleteAndHold(
  tx: Transaction,
  resource: HeldResourceName,
  recordId: string,
  deletedBy: string | null,
): Promise<HeldDelete> {
  const held: HeldResource = HELD_RESOURCES[resource];
  await purgeExpiredHolds(tx);
  // Locked first, so a concurrent change to it waits until the snapshot and the delete are done.
  const locked = await rowsOf(tx.execute(sql`select 1 from ${id(held.table)} where id = ${recordId} for update`));
  if (locked.length === 0) return { deleted: 0, holdId: null };

  const tables: SQL[] = [
    sql`${held.table}::text, (select jsonb_agg(to_jsonb(t)) from ${id(held.table)} t where t.id = ${recordId})`,
    ...held.children.map(
      (child) =>
        sql`${child.table}::text, (select coalesce(jsonb_agg(to_jsonb(t)), '[]'::jsonb)
          from ${id(child.table)} t where t.${id(child.column)} = ${recordId})`,
    ),
  ];
  const relinks: SQL[] = held.relinks.map(
    (link) =>
      sql`${`${link.table}.${link.column}`}::text, (select coalesce(jsonb_agg(t.id), '[]'::jsonb)
        from ${id(link.table)} t where t.${id(link.column)} = ${recordId})`,
  );
  const [hold] = await rowsOf<{ id: string }>(
    tx.execute(sql`
      insert into deleted_records (resource, record_id, snapshot, deleted_by, expires_at)
      values (${resource}, ${recordId},
        jsonb_build_object(
          'tables', jsonb_build_object(${sql.join(tables, sql`, `)}),
          'relinks', jsonb_build_object(${relinks.length ? sql.join(relinks, sql`, `) : sql``})),
        ${deletedBy}, now() + make_interval(mins => ${HOLD_MINUTES}))
      returning id`),
  );
  await tx.execute(sql`delete from ${id(held.table)} where id = ${recordId}`);
  return { deleted: 1, holdId: hold?.id ?? null };
}

/** Removes a bounded number of expired holds; called by every new hold. */
async function purgeExpiredHolds(tx: Transaction | Database): Promise<void> {
  await tx.execute(sql`
    delete from deleted_records where id in (
      select id from deleted_records where expires_at < now() limit ${PURGE_BATCH})`);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Puts back the rows a hold kept, with their ids and every stored value, and links again the rows that pointed to the
 * record and still point nowhere. `restoreIn` wraps the transaction (e.g. to announce a change of public content).
 */
export async function restoreHold(
  db: Database,
  holdId: string,
  restoreIn: (resource: HeldResourceName, write: (tx: Transaction) => Promise<void>) => Promise<void> = (
    _resource,
    write,
  ) => db.transaction(write),
): Promise<{ resource: HeldResourceName; id: string }> {
  const notFound = new NotFoundError("There is no such deleted record to restore.");
  if (!UUID.test(holdId)) throw notFound;
  const [hold] = await rowsOf<{ resource: string; record_id: string; expired: boolean; restored: boolean }>(
    db.execute(sql`
      select resource, record_id, expires_at < now() as expired, restored_at is not null as restored
      from deleted_records where id = ${holdId}`),
  );
  if (!hold || !isHeldResourceName(hold.resource)) throw notFound;
  if (hold.restored) throw new GoneError("This delete was undone already.");
  if (hold.expired) throw new GoneError(`This delete can no longer be undone: Undo lasts ${HOLD_MINUTES} minutes.`);
  const resource = hold.resource;
  const held: HeldResource = HELD_RESOURCES[resource];
  try {
    await restoreIn(resource, async (tx) => {
      // Claimed first: of two restores at once, one puts the rows back and the other finds it done.
      const claimed = await rowsOf(
        tx.execute(sql`
          update deleted_records set restored_at = now()
          where id = ${holdId} and restored_at is null and expires_at >= now() returning id`),
      );
      if (claimed.length === 0) throw new GoneError("This delete was undone already.");
      for (const table of [held.table, ...held.children.map((child) => child.table)]) {
        // Overriding the identity a table may have (a user's number), so that it comes back as it was.
        await tx.execute(sql`
          insert into ${id(table)} overriding system value
          select r.* from deleted_records d,
            jsonb_populate_recordset(null::${id(table)}, d.snapshot -> 'tables' -> ${table}::text) r
          where d.id = ${holdId}`);
      }
      for (const link of held.relinks) {
        // Every linking table's key is a uuid; compared as one, the ids are found through its primary key.
        await tx.execute(sql`
          update ${id(link.table)} set ${id(link.column)} = ${hold.record_id}
          where ${id(link.column)} is null and id in (
            select jsonb_array_elements_text(d.snapshot -> 'relinks' -> ${`${link.table}.${link.column}`}::text)::uuid
            from deleted_records d where d.id = ${holdId})`);
      }
      await tx.execute(sql`update deleted_records set snapshot = null where id = ${holdId}`);
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ConflictError("It cannot be restored: a record that took its place has the same name or key.");
    throw error;
  }
  return { resource, id: hold.record_id };
}
