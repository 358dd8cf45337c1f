// What every seeder is: server/db/seed.ts runs them in order at start-up.
import type { Database } from "../client";

export type Seeder = (db: Database, options: { demo: boolean }) => Promise<void>;
