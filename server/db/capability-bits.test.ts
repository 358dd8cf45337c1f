// The database's camera_capability_bits (migration 0013) and the list's capabilityMask must agree bit for bit: the
// list tests a capability filter in the bits when it walks a sort, and in the array when it reads the matches.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KNOWN_CAPABILITIES } from "#shared/contract/camera-vocabulary.ts";
import { openTestDatabase } from "#tests/support/api-harness.ts";
import { capabilityMask } from "../services/camera-reports/query";
import type { DatabaseHandle } from "./client";

describe("capability bits", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  async function bitsOf(capabilities: string[]): Promise<number> {
    const result = (await database.db.execute(
      sql`select camera_capability_bits(array[${sql.join(
        capabilities.map((name) => sql`${name}`),
        sql`, `,
      )}]::text[]) as bits`,
    )) as unknown as { rows: { bits: number }[] };
    return result.rows[0]!.bits;
  }

  it("gives each known capability the bit of its place in KNOWN_CAPABILITIES", async () => {
    for (const [index, capability] of KNOWN_CAPABILITIES.entries()) {
      expect(await bitsOf([capability]), capability).toBe(1 << index);
      expect(capabilityMask([capability]), capability).toBe(1 << index);
    }
    expect(await bitsOf([...KNOWN_CAPABILITIES])).toBe(capabilityMask([...KNOWN_CAPABILITIES]));
    expect(capabilityMask([...KNOWN_CAPABILITIES])).toBe(2 ** KNOWN_CAPABILITIES.length - 1);
  });

  it("sets no bit for a name it does not know, and one bit for a name given twice", async () => {
    expect(await bitsOf([])).toBe(0);
    expect(await bitsOf(["VENDOR_NIGHT_MODE", "raw"])).toBe(0);
    expect(await bitsOf(["RAW", "RAW", "VENDOR_NIGHT_MODE"])).toBe(capabilityMask(["RAW"]));
  });

  it("stores the bits with every report, from its capabilities", async () => {
    await database.db.execute(sql`insert into camera_reports
        (manufacturer, device_model, device_os, device_os_version, search_text, camera_count, max_hardware_rank,
         capabilities)
      values ('x', 'y', 'z', '1', 'x y', 1, 2, array['DEPTH_OUTPUT', 'RAW', 'VENDOR_NIGHT_MODE'])`);
    const result = (await database.db.execute(
      sql`select capability_bits as bits from camera_reports where manufacturer = 'x'`,
    )) as unknown as { rows: { bits: number }[] };
    expect(result.rows.map((row) => row.bits)).toEqual([capabilityMask(["DEPTH_OUTPUT", "RAW"])]);
  });
});
