import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys } from "#server/db/schema.ts";
import { DEVICES, uploadOf } from "#server/db/seeds/camera-devices.ts";
import { encryptSecret, hmacDigest, randomToken } from "#server/lib/crypto.ts";
import { CameraStatsSchema, type CameraStats } from "#shared/contract/camera-stats.ts";
import { createApiHarness, type ApiHarness } from "#tests/support/api-harness.ts";

let h: ApiHarness;
let key: string;

beforeAll(async () => {
  h = await createApiHarness();
  key = randomToken();
  await h.database.db
    .insert(apiKeys)
    .values({ serviceName: "camera-probe", apiKeyEncrypted: encryptSecret(key), apiKeyDigest: hmacDigest(key) });
});
afterAll(async () => {
  await h.close();
});

async function upload(model: string): Promise<void> {
  const device = DEVICES.find((candidate) => candidate.model === model)!;
  const response = await h.request("/camera/reports", {
    method: "POST",
    json: uploadOf(device),
    headers: { "x-api-key": key },
  });
  expect(response.status).toBe(201);
}

describe("GET /api/camera/stats", () => {
  it("answers the counts in the contract's shape, with an ETag, and a 304 for the same tag", async () => {
    const empty = await h.request("/camera/stats");
    expect(empty.status).toBe(200);
    expect(empty.headers.get("cache-control")).toBe("public, max-age=10");
    const emptyStats = CameraStatsSchema.parse(await empty.json());
    expect(emptyStats).toMatchObject({ total: 0, by_android: [], by_manufacturer: [], manufacturers: 0 });

    const etag = empty.headers.get("etag");
    expect(etag).toBeTruthy();
    const again = await h.request("/camera/stats", { headers: { "if-none-match": etag! } });
    expect(again.status).toBe(304);
  });

  it("counts an upload at once: the cached answer is dropped when a report arrives", async () => {
    await h.request("/camera/stats");
    await upload("Pixel 7");
    await upload("Pixel 7");
    const response = await h.request("/camera/stats");
    const stats: CameraStats = CameraStatsSchema.parse(await response.json());
    expect(stats.total).toBe(2);
    expect(stats.by_manufacturer).toEqual([
      expect.objectContaining({ name: "Google", reports: 2, capabilities: expect.objectContaining({ RAW: 2 }) }),
    ]);
    expect(stats.hardware_levels.find((entry) => entry.level === "FULL")!.reports).toBe(2);
    expect(stats.capabilities.find((entry) => entry.capability === "RAW")!.reports).toBe(2);
    expect(stats.megapixels.reduce((sum, bin) => sum + bin.reports, 0)).toBe(2);
  });

  it("is in the OpenAPI document", async () => {
    const document = await (await h.request("/openapi.json")).json();
    expect(document.paths["/api/camera/stats"].get.responses["200"]).toBeDefined();
  });
});
