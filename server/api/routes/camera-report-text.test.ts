// A camera report comes back as it was uploaded: digits, key order and whitespace, from the download and from
// GET /api/camera/reports/{id}.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys } from "#server/db/schema.ts";
import { encryptSecret, hmacDigest, randomToken } from "#server/lib/crypto.ts";
import { jsonTextsAt } from "#shared/stored-json.ts";
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

/**
 * Keys not in the documented order, a number beyond a double's digits, `1.0`, an escape and uneven whitespace, also
 * around the report.
 */
const AS_WRITTEN =
  ' { "device_os" : "Android 14 (SDK 34)",\n\t"device_model":"Pixel 8",  "manufacturer": "Google",\n' +
  '  "big": 12345678901234567890, "ratio": 1.0, "note": "caf\\u00e9",\n' +
  '  "camera_list": [ { "camera_id": "0", "lens_facing": "BACK", "hardware_level": "FULL",\n' +
  '      "capabilities": ["RAW"], "sensor": { "pixel_array": [4080, 3072], "exposure_time_ns": [1e3, 1E10] } } ]\n}\n';

function upload(text: string) {
  return h.request("/camera/reports", {
    method: "POST",
    body: text,
    headers: { "content-type": "application/json", "x-api-key": key },
  });
}

describe("a report as uploaded", () => {
  let id: string;
  beforeAll(async () => {
    const response = await upload(AS_WRITTEN);
    expect(response.status, await response.clone().text()).toBe(201);
    id = (await response.json()).id;
  });

  it("downloads byte for byte", async () => {
    const response = await h.request(`/camera2/report/download?rid=${id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/filename="camera-report-google-pixel-8-/);
    expect(await response.text()).toBe(AS_WRITTEN);
  });

  it("is embedded unchanged in GET /api/camera/reports/{id}, which is still JSON of the documented shape", async () => {
    const response = await h.request(`/camera/reports/${id}`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(jsonTextsAt(text, ["report_data"])).toEqual([AS_WRITTEN.trim()]);
    expect(text.endsWith(`"report_data":${AS_WRITTEN}}`)).toBe(true);
    const body = JSON.parse(text);
    expect(Object.keys(body)).toEqual(["id", "created_at", "device_os_version", "report_data"]);
    expect(body).toMatchObject({ id, device_os_version: "14", report_data: { manufacturer: "Google" } });
    // A second read comes from the cache, the same bytes.
    expect(await (await h.request(`/camera/reports/${id}`)).text()).toBe(text);
  });

  it("stores the upload's text in the database", async () => {
    const { rows } = (await h.database.db.execute(
      `select report_data from camera_report_bodies where report_id = '${id}'`,
    )) as unknown as { rows: { report_data: unknown }[] };
    expect(rows[0]!.report_data).toBe(AS_WRITTEN);
  });

  it("refuses a key written twice in an object, which readers would each read differently", async () => {
    const twice = AS_WRITTEN.replace('"ratio": 1.0', '"ratio": 1.0, "ratio": 2');
    const response = await upload(twice);
    expect(response.status).toBe(400);
    expect((await response.json()).detail).toMatch(/"ratio" more than once/);
  });
});
