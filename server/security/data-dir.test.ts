// DATA_DIR (the embedded database and generated secrets) is readable by this server's user only: the directory
// and its folders 0700, its files 0600, also files the database creates after start-up.
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/client";
import { siteVars } from "../db/schema";

const root = mkdtempSync(path.join(tmpdir(), "data-dir-test-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Every entry under dir whose mode gives anything to group or others, with its mode. */
function exposed(dir: string): string[] {
  const found: string[] = [];
  const walk = (entry: string) => {
    const stat = statSync(entry);
    if ((stat.mode & 0o077) !== 0)
      found.push(`${path.relative(root, entry) || "."} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(entry)) walk(path.join(entry, name));
  };
  walk(dir);
  return found;
}

describe("DATA_DIR", () => {
  it("is 0700 with 0600 files once the embedded database is open, and stays so as it writes", async () => {
    const dataDir = path.join(root, "data");
    const database = await openDatabase({
      migrationsDir: path.resolve(import.meta.dirname, "../db/migrations"),
      pgliteDir: path.join(dataDir, "pglite"),
    });
    try {
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(exposed(dataDir)).toEqual([]);
      // Enough writes that the database creates and fills files after start-up.
      for (let batch = 0; batch < 5; batch += 1) {
        await database.db.insert(siteVars).values(
          Array.from({ length: 50 }, (_, i) => ({
            namedKey: `k_${batch}_${i}`,
            valType: "str",
            valObjectJson: JSON.stringify({ val: "x".repeat(2_000) }),
          })),
        );
      }
      await database.db.execute("checkpoint" as never);
      expect(exposed(dataDir)).toEqual([]);
    } finally {
      await database.close();
    }
    expect(exposed(dataDir)).toEqual([]);
  });
});
