// Demo and default data applied at start-up. Each seeder must be idempotent: it runs at every start.
// Add a seeder by importing it here and listing it in `seeders`.
import type { Database } from "./client";
import { seedDemoCameraReports } from "./seeds/demo-camera-reports";
import { seedDemoLegalPages } from "./seeds/demo-legal-pages";
import { sealSecretSiteVars } from "../services/secret-site-vars";
import type { Seeder } from "./seeds/seeder";

// Not demo data: secret site vars saved in clear (before they were sealed) are sealed at every start.
const seeders: Seeder[] = [
  seedDemoCameraReports,
  seedDemoLegalPages,
  async (db) => void (await sealSecretSiteVars(db)),
];

export async function runSeeders(db: Database, options: { demo: boolean }): Promise<void> {
  for (const seed of seeders) await seed(db, options);
}
