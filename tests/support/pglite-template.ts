// A migrated, empty PGlite database kept as a dump, so that each test file's in-memory database loads it (under a
// second) instead of creating a database (2–5 s of PGlite's initdb on this machine) and migrating it. The dump is
// named by a hash of the migrations and PGlite's version, so a new migration or PGlite makes a new one.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { pgliteStartParams } from "#server/db/client.ts";

const root = path.resolve(import.meta.dirname, "../..");
export const migrationsDir = path.join(root, "server/db/migrations");
const cacheDir = path.join(root, "node_modules/.cache/pglite-templates");

function templatePath(): string {
  const hash = createHash("sha256");
  const pgliteVersion = JSON.parse(
    readFileSync(path.join(root, "node_modules/@electric-sql/pglite/package.json"), "utf8"),
  );
  hash.update(String(pgliteVersion.version));
  for (const dir of [migrationsDir, path.join(migrationsDir, "meta")]) {
    for (const name of readdirSync(dir).sort()) {
      if (!name.endsWith(".sql") && !name.endsWith(".json")) continue;
      hash.update(name).update(readFileSync(path.join(dir, name)));
    }
  }
  return path.join(cacheDir, `migrated-${hash.digest("hex").slice(0, 16)}.tar`);
}

/** Makes the dump unless it exists: run once before the test files (vitest's global set-up). */
export async function ensureMigratedPgliteDump(): Promise<string> {
  const file = templatePath();
  if (existsSync(file)) return file;
  const client = await PGlite.create({ startParams: pgliteStartParams() });
  await migrate(drizzle(client) as never, { migrationsFolder: migrationsDir });
  const dump = await client.dumpDataDir("none");
  await client.close();
  mkdirSync(cacheDir, { recursive: true });
  // Written under another name and renamed: a test file that runs alongside never reads half a dump.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return file;
}

/** The migrated database's dump, made first when missing (a test file run without the global set-up). */
export async function migratedPgliteDump(): Promise<Blob> {
  return new Blob([readFileSync(await ensureMigratedPgliteDump())]);
}
