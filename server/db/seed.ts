// Demo and default data applied at start-up. Each seeder must be idempotent: it runs at every start.
// Add a seeder by importing it here and listing it in `seeders`.
import type { Database } from "./client";
import { seedDemoCameraReports } from "./seeds/demo-camera-reports";
import { seedDemoLegalPages } from "./seeds/demo-legal-pages";

export type Seeder = (db: Database, options: { demo: boolean }) => Promise<void>;

const seeders: Seeder[] = [seedDemoCameraReports, seedDemoLegalPages];

export async function runSeeders(db: Database, options: { demo: boolean }): Promise<void> {
  for (const seed of seeders) await seed(db, options);
}
