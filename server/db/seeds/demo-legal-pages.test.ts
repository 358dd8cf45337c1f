import { afterAll, beforeAll, expect, it } from "vitest";
import { currentLegalPage } from "#server/services/legal-pages.ts";
import { openTestDatabase } from "#tests/support/api-harness.ts";
import type { DatabaseHandle } from "../client";
import { siteData } from "../schema";
import { DEMO_PRIVACY, DEMO_TERMS, seedDemoLegalPages } from "./demo-legal-pages";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

it("seeds terms (two versions, the second current) and privacy once, and only in demo mode", async () => {
  const db = database.db;
  await seedDemoLegalPages(db, { demo: false });
  expect(await db.select().from(siteData)).toHaveLength(0);

  await seedDemoLegalPages(db, { demo: true });
  await seedDemoLegalPages(db, { demo: true });
  const rows = await db.select().from(siteData);
  expect(rows.map((row) => `${row.type} v${row.versionNum}${row.isCurrent ? " current" : ""}`).sort()).toEqual([
    "privacy v1 current",
    "terms v1",
    "terms v2 current",
  ]);
  expect((await currentLegalPage(db, "terms")).entry?.markdown).toBe(DEMO_TERMS);
  expect((await currentLegalPage(db, "privacy")).entry?.markdown).toBe(DEMO_PRIVACY);
  // Rendered when seeded, like a save: the page never renders it per visitor.
  expect((await currentLegalPage(db, "terms")).rendered?.html).toContain("<h2");
});
