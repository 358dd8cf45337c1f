// Runs once before any test file: the migrated database every in-memory test database starts from.
import { ensureMigratedPgliteDump } from "./pglite-template";

export default async function setup(): Promise<void> {
  if (!process.env.DATABASE_URL) await ensureMigratedPgliteDump();
}
