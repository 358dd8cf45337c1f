// Seeds the benchmark's database with the camera teammate's deterministic report generator (server/db/seeds),
// before the server starts (PGlite serves one process at a time). Loaded through Vite's module runner by
// scripts/bench.ts, so it may use the server's own modules.
import { desc, sql } from "drizzle-orm";
import { openDatabase } from "#server/db/client.ts";
import { cameraReports } from "#server/db/schema.ts";
import { seedManyCameraReports } from "#server/db/seeds/camera-report-generator.ts";

/** Reports made by the generator; the rest of a large set are copies of them with new ids and times (fast in SQL). */
const GENERATED_MAX = 5_000;

export interface SeedResult {
  reports: number;
  generated: number;
  seedMilliseconds: number;
  /** The newest report, for the detail page. */
  reportId: string;
  /** A search word that matches a good share of the reports (the newest report's manufacturer). */
  searchTerm: string;
}

export async function seedBenchDatabase(options: {
  pgliteDir: string;
  migrationsDir: string;
  reports: number;
}): Promise<SeedResult> {
  const database = await openDatabase({ pgliteDir: options.pgliteDir, migrationsDir: options.migrationsDir });
  try {
    const started = performance.now();
    const generated = Math.min(options.reports, GENERATED_MAX);
    await seedManyCameraReports(database.db, generated, { seed: 9, until: new Date("2026-01-01T00:00:00Z") });
    const copies = options.reports - generated;
    if (copies > 0) {
      // Each copy of a report gets a deterministic new id and an earlier time, so the newest reports stay the
      // generated ones and the list's order is stable from run to run.
      // One statement, so both inserts read the same originals (the generated reports) and every copy gets its body.
      await database.db.execute(sql`
        with originals as materialized (
          select md5(r.id::text || ':' || g.i::text)::uuid as copy_id, r.*, g.i, b.report_data
          from generate_series(1, ${Math.ceil(copies / generated)}) as g(i)
          cross join (select * from camera_reports order by id) as r
          join camera_report_bodies b on b.report_id = r.id
          order by g.i, r.id
          limit ${copies}
        ), copied as (
          insert into camera_reports (id, created_at, manufacturer, device_model, device_os, device_os_version,
            search_text, search_terms, camera_count, facings, max_hardware_rank, capabilities)
          select copy_id, created_at - i * interval '731 days', manufacturer, device_model, device_os,
            device_os_version, search_text, search_terms, camera_count, facings, max_hardware_rank, capabilities
          from originals
          returning id
        )
        insert into camera_report_bodies (report_id, report_data) select copy_id, report_data from originals`);
    }
    const seedMilliseconds = performance.now() - started;
    // Fresh statistics, as autovacuum would give a long-running database.
    await database.db.execute(sql`analyze`);
    const [newest] = await database.db
      .select({ id: cameraReports.id, manufacturer: cameraReports.manufacturer })
      .from(cameraReports)
      .orderBy(desc(cameraReports.createdAt), desc(cameraReports.id))
      .limit(1);
    if (!newest) throw new Error("the generator inserted no reports");
    return {
      reports: options.reports,
      generated,
      seedMilliseconds,
      reportId: newest.id,
      searchTerm: newest.manufacturer.toLowerCase(),
    };
  } finally {
    await database.close();
  }
}
