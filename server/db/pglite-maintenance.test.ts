// PGlite has no autovacuum worker: the site collects the planner's statistics and vacuums itself.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { migratedPgliteDump, migrationsDir } from "#tests/support/pglite-template.ts";
import { openDatabase } from "./client";
import { maintainPglite } from "./pglite-maintenance";

async function relationFacts(db: Awaited<ReturnType<typeof openDatabase>>["db"], table: string) {
  const result = (await db.execute(
    sql`select reltuples::int as tuples, relallvisible::int as visible from pg_class where relname = ${table}`,
  )) as unknown as { rows: { tuples: number; visible: number }[] };
  return result.rows[0]!;
}

describe("PGlite maintenance", () => {
  it("has statistics and all-visible pages from start-up on, and again after writes", async () => {
    const database = await openDatabase({ pgliteDir: "memory", migrationsDir, pgliteDump: await migratedPgliteDump() });
    try {
      const { db } = database;
      // Analysed at start-up: an empty table is known to be empty (-1 would mean never analysed).
      expect((await relationFacts(db, "kv_entries")).tuples).toBe(0);
      await db.execute(sql`
        insert into kv_entries (key, value_type, value)
        select 'key-' || n, 'text', 'value ' || n from generate_series(1, 2000) as n`);
      expect(await relationFacts(db, "kv_entries")).toMatchObject({ tuples: 0, visible: 0 });
      const milliseconds = await maintainPglite(db);
      expect(milliseconds).toBeGreaterThan(0);
      const facts = await relationFacts(db, "kv_entries");
      expect(facts.tuples).toBe(2000);
      expect(facts.visible).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  });
});
