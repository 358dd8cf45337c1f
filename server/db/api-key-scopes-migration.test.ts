// Migration 0017 must leave the keys saved before it able to do what they could (every scope), while a key saved
// after it may only upload reports unless granted more. Its statements run on a table holding a key saved before.
import { readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { migrationsDir } from "#tests/support/pglite-template.ts";
import { pgliteStartParams } from "./client";

describe("migration 0017: API key scopes", () => {
  it("gives the keys saved before it every scope, and new keys reports:upload only", async () => {
    const migration = readFileSync(path.join(migrationsDir, "0017_api_key_scopes.sql"), "utf8");
    const client = await PGlite.create({ startParams: pgliteStartParams() });
    try {
      await client.exec("create table api_keys (service_name text not null)");
      await client.query("insert into api_keys (service_name) values ('OLD_KEY')");
      for (const statement of migration.split("--> statement-breakpoint")) await client.exec(statement);
      await client.query("insert into api_keys (service_name) values ('NEW_KEY')");
      const { rows } = await client.query<{ service_name: string; scopes: string[] }>(
        "select service_name, scopes from api_keys order by service_name",
      );
      expect(rows).toEqual([
        { service_name: "NEW_KEY", scopes: ["reports:upload"] },
        { service_name: "OLD_KEY", scopes: ["reports:upload", "kv:read", "kv:write"] },
      ]);
    } finally {
      await client.close();
    }
  }, 60_000);
});
