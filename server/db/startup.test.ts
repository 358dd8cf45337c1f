// Start-up work (migrations, first administrator, demo data) runs once however often and however many instances
// start: on PGlite across restarts, on PostgreSQL across instances starting together (the start-up lock).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, sql } from "drizzle-orm";
import pg from "pg";
import type { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { migratedPgliteDump, migrationsDir } from "#tests/support/pglite-template.ts";
import { ensureAdministrator } from "../auth/users";
import { describeDatabaseError, isDatabaseUnavailable, openDatabase, type Database } from "./client";
import { cameraReports, users } from "./schema";
import { runSeeders } from "./seed";
import { demoCameraReportUploads } from "./seeds/demo-camera-reports";

function startUpWork(printed: string[]) {
  return async (db: Database) => {
    await ensureAdministrator(db, (line) => printed.push(line));
    await runSeeders(db, { demo: true });
  };
}

async function tally(db: Database) {
  const [admins] = await db
    .select({ n: count() })
    .from(users)
    .where(sql`${users.isSuperuser}`);
  const [reports] = await db.select({ n: count() }).from(cameraReports);
  return { admins: admins!.n, reports: reports!.n };
}

describe("start-up work", () => {
  it("PGlite: a restart on the same directory creates no second administrator and seeds nothing twice", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "startup-pglite-"));
    const printed: string[] = [];
    try {
      for (let start = 0; start < 2; start += 1) {
        const database = await openDatabase({
          pgliteDir: path.join(dir, "pglite"),
          migrationsDir,
          prepare: startUpWork(printed),
        });
        try {
          expect(await tally(database.db)).toEqual({ admins: 1, reports: demoCameraReportUploads().length });
        } finally {
          await database.close();
        }
      }
      expect(printed.filter((line) => line.includes("admin@localhost"))).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it.skipIf(!process.env.DATABASE_URL)(
    "PostgreSQL: instances starting together on an empty database migrate and seed once",
    async () => {
      const name = `startup_${randomBytes(6).toString("hex")}`;
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      const printed: string[] = [];
      const instances = await Promise.all(
        Array.from({ length: 3 }, () =>
          openDatabase({ url: url.toString(), migrationsDir, prepare: startUpWork(printed) }),
        ),
      );
      try {
        expect(await tally(instances[0]!.db)).toEqual({ admins: 1, reports: demoCameraReportUploads().length });
        expect(printed.filter((line) => line.includes("admin@localhost"))).toHaveLength(1);
      } finally {
        await Promise.all(instances.map((instance) => instance.close()));
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
    60_000,
  );
});

describe("describeDatabaseError", () => {
  it("names the cause, never the query", () => {
    const refused = new AggregateError(
      [Object.assign(new Error("connect ECONNREFUSED ::1:5432"), { code: "ECONNREFUSED" })],
      "",
    );
    const failed = new Error("Failed query: select * from users where email = $1\nparams: secret@example.com", {
      cause: refused,
    });
    expect(describeDatabaseError(failed)).toBe("connection refused");
    expect(describeDatabaseError(new Error("Failed query: select 1", { cause: new Error("Query read timeout") }))).toBe(
      "query timed out",
    );
    expect(describeDatabaseError(new Error("Failed query: select 'secret'"))).toBe("unreachable");
  });

  it("a query that runs out of time is 'database unavailable' (503)", () => {
    expect(isDatabaseUnavailable(new Error("Failed query: select 1", { cause: new Error("Query read timeout") }))).toBe(
      true,
    );
    expect(
      isDatabaseUnavailable(
        new Error("Failed query: select 1", { cause: new Error("timeout exceeded when trying to connect") }),
      ),
    ).toBe(true);
  });
});

describe("PGlite's shared buffers", () => {
  it("are 16 MB unless PGLITE_BUFFERS_MB gives another size", async () => {
    for (const [asked, shown] of [
      [undefined, "16MB"],
      [24, "24MB"],
    ] as const) {
      const database = await openDatabase({
        pgliteDir: "memory",
        migrationsDir,
        pgliteBuffersMegabytes: asked,
        pgliteDump: await migratedPgliteDump(),
      });
      try {
        const result = (await database.db.execute(sql`show shared_buffers`)) as unknown as {
          rows: { shared_buffers: string }[];
        };
        expect(result.rows[0]?.shared_buffers).toBe(shown);
      } finally {
        await database.close();
      }
    }
  });
});

describe("an in-memory PGlite database opened from a dump", () => {
  it("holds what the dump held", async () => {
    const first = await openDatabase({ pgliteDir: "memory", migrationsDir, pgliteDump: await migratedPgliteDump() });
    let dump: Blob;
    try {
      await first.db.execute(sql`create table dump_marker (note text)`);
      await first.db.execute(sql`insert into dump_marker values ('kept')`);
      dump = await (first.db as unknown as { $client: PGlite }).$client.dumpDataDir("none");
    } finally {
      await first.close();
    }
    const second = await openDatabase({ pgliteDir: "memory", migrationsDir, pgliteDump: dump });
    try {
      const result = (await second.db.execute(sql`select note from dump_marker`)) as unknown as {
        rows: { note: string }[];
      };
      expect(result.rows).toEqual([{ note: "kept" }]);
      expect(await tally(second.db)).toEqual({ admins: 0, reports: 0 });
    } finally {
      await second.close();
    }
  });
});
