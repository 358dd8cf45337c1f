// A PostgreSQL server that stops answering (here: one backend frozen with SIGSTOP) costs a query its deadline, not
// forever, and the connection it hung on is closed, never lent out again.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { describeDatabaseError, isDatabaseUnavailable, openDatabase } from "./client";

const migrationsDir = path.resolve(import.meta.dirname, "migrations");

describe.skipIf(!process.env.DATABASE_URL)("database deadlines (PostgreSQL)", () => {
  it("a transaction on a frozen connection fails after one deadline; the connection is not reused", async () => {
    const name = `deadline_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString(), migrationsDir, timeoutMs: 1_000 });
    let frozenPid = 0;
    try {
      const started = performance.now();
      const failure = await database.db
        .transaction(async (tx) => {
          const result = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
            rows: Array<{ pid: number }>;
          };
          frozenPid = Number(result.rows[0]!.pid);
          process.kill(frozenPid, "SIGSTOP");
          await tx.execute(sql`select 1`);
        })
        .then(
          () => null,
          (error: unknown) => error,
        );
      const elapsedMs = performance.now() - started;
      expect(isDatabaseUnavailable(failure)).toBe(true);
      expect(describeDatabaseError(failure)).toMatch(/timed out after 1 s|connection lost/);
      // One deadline: the rollback after it fails at once instead of waiting for the frozen server too.
      expect(elapsedMs).toBeLessThan(1_800);

      // Still frozen: a pool that lent that connection out again would hang here.
      for (let n = 0; n < 12; n += 1) {
        const result = (await database.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
          rows: Array<{ pid: number }>;
        };
        expect(Number(result.rows[0]!.pid)).not.toBe(frozenPid);
      }
    } finally {
      if (frozenPid) process.kill(frozenPid, "SIGCONT");
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 30_000);
});
