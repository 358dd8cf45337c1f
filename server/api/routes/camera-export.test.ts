import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEVICES, uploadOf } from "#server/db/seeds/camera-devices.ts";
import { cameraReportRow, insertCameraReports } from "#server/services/camera-reports/storing.ts";
import {
  csvField,
  exportCameraReports,
  exportStream,
  withFirstBatchRead,
} from "#server/services/camera-reports/export.ts";
import { cameraExportFiles } from "#server/services/camera-reports/export-file.ts";
import { changePublicContent } from "#server/content-changes.ts";
import { cameraReports } from "#server/db/schema.ts";
import { withServerTiming } from "#shared/http/server-timing.ts";
import type { CameraReportSummary } from "#shared/contract/camera.ts";
import { normalizeCameraReportQuery } from "#shared/contract/camera.ts";
import { createApiHarness, type ApiHarness } from "#tests/support/api-harness.ts";

// The file of every report's export is rewritten at most once a second here (10 s by default), so the test that adds
// a report does not wait long for it.
vi.hoisted(() => {
  process.env.EXPORT_REFRESH_SECONDS = "1";
});

let h: ApiHarness;
const pixel = DEVICES.find((device) => device.model === "Pixel 7")!;
const start = Date.parse("2026-01-01T00:00:00Z");
/** 1,200 Pixel reports (more than one batch of 1,000) and a few awkward names, newest last. */
const PIXEL_REPORTS = 1_200;
const NO_SDK = 3;
const awkward = ['Quote "Corp", Ltd', "=HYPERLINK(1)", "+1 Phone", "-minus", "@at", "Line\nBreak", "Zürich Ωmega"];

beforeAll(async () => {
  h = await createApiHarness();
  const rows = Array.from({ length: PIXEL_REPORTS }, (_, index) =>
    cameraReportRow(uploadOf(pixel), { createdAt: new Date(start + index * 1000) }),
  );
  // Several reports in the same millisecond: the keyset's tie-break on the id must neither skip nor repeat them.
  const sameTime = new Date(start + PIXEL_REPORTS * 1000);
  rows.push(...Array.from({ length: 5 }, () => cameraReportRow(uploadOf(pixel), { createdAt: sameTime })));
  for (let at = 0; at < rows.length; at += 500) await insertCameraReports(h.database.db, rows.slice(at, at + 500));
  await insertCameraReports(
    h.database.db,
    awkward.map((manufacturer, index) =>
      cameraReportRow(
        { ...uploadOf(pixel), manufacturer, device_model: "Odd" },
        { createdAt: new Date(start + 10_000_000 + index * 1000) },
      ),
    ),
  );
  // No Android API level in their OS: the android sort puts them last going down, first going up.
  await insertCameraReports(
    h.database.db,
    Array.from({ length: NO_SDK }, (_, index) =>
      cameraReportRow(
        {
          ...uploadOf(pixel),
          manufacturer: "Nosdk",
          device_model: "Rom",
          device_os: "LineageOS",
          device_os_version: null,
        },
        { createdAt: new Date(start - (index + 1) * 1000) },
      ),
    ),
  );
});
afterAll(async () => {
  await h.close();
});

/** RFC 4180 records, enough for these tests: quoted fields with doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  const endField = () => {
    record.push(field);
    field = "";
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    const next = text[i + 1];
    if (quoted && char === '"' && next === '"') {
      field += '"';
      i++;
    } else if (quoted && char === '"') quoted = false;
    else if (quoted) field += char;
    else if (char === '"') quoted = true;
    else if (char === ",") endField();
    else if (char === "\r" && next === "\n") {
      endField();
      records.push(record);
      record = [];
      i++;
    } else field += char;
  }
  return records;
}

describe("GET /api/camera/reports/export.csv", () => {
  it("answers every match across batches, newest first, with a header row, as an attachment", async () => {
    const response = await h.request("/camera/reports/export.csv?q=pixel&page=3&size=5");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8; header=present");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="camera-reports-pixel-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers.get("cache-control")).toBe("no-store");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Array.from(bytes.subarray(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parseCsv(new TextDecoder().decode(bytes));
    expect(header).toEqual([
      "id",
      "manufacturer",
      "device_model",
      "os",
      "os_ver",
      "created_at",
      "camera_count",
      "best_level",
      "sdk",
      "best_megapixels",
    ]);
    // Page and size are ignored: the Pixel 7 reports, not the "Odd" ones (their model is no Pixel).
    expect(rows).toHaveLength(PIXEL_REPORTS + 5);
    expect(new Set(rows.map((row) => row[0])).size).toBe(rows.length);
    const times = rows.map((row) => Date.parse(row[5]!));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(rows[0]).toEqual([
      expect.any(String),
      "Google",
      "Pixel 7",
      uploadOf(pixel).device_os,
      expect.any(String),
      new Date(start + PIXEL_REPORTS * 1000).toISOString(),
      String(uploadOf(pixel).camera_list.length),
      expect.any(String),
      expect.stringMatching(/^\d+$/),
      expect.any(String),
    ]);
  });

  it("quotes as RFC 4180 says and neutralises text a spreadsheet would run as a formula", async () => {
    const response = await h.request("/camera/reports/export.csv?q=odd");
    const text = (await response.text()).replace(/^\uFEFF/, "");
    const manufacturers = parseCsv(text)
      .slice(1)
      .map((row) => row[1]);
    expect(manufacturers).toEqual([
      "Zürich Ωmega",
      "Line\nBreak",
      "'@at",
      "'-minus",
      "'+1 Phone",
      "'=HYPERLINK(1)",
      'Quote "Corp", Ltd',
    ]);
    expect(text).toContain('"Quote ""Corp"", Ltd"');
    expect(text).toContain('"Line\nBreak"');
    // Every text field is quoted, even one without a comma or quote (a ";" reader must not split it).
    expect(text).toContain(',"Zürich Ωmega","Odd",');
    expect(text.split("\r\n")[0]).toBe(
      '"id","manufacturer","device_model","os","os_ver","created_at",' +
        '"camera_count","best_level","sdk","best_megapixels"',
    );
    expect(csvField("\tTab")).toBe(`"'\tTab"`);
    expect(csvField('=A1,"x"')).toBe(`"'=A1,""x"""`);
    expect(csvField("x;=HYPERLINK(1);")).toBe('"x;=HYPERLINK(1);"');
    expect(csvField("")).toBe('""');
    expect(csvField(null)).toBe("");
    expect(csvField(7)).toBe("7");
  });

  it("refuses a bad query with 400 in the error shape", async () => {
    const response = await h.request("/camera/reports/export.csv?facing=SIDEWAYS");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status_code: 400, errors: [{ field: "facing" }] });
    expect((await h.request("/camera/reports/export.json?min_level=BEST")).status).toBe(400);
  });

  it("refuses control characters in the search's text with 400 naming the field, as the list does", async () => {
    for (const [field, value] of [
      ["q", "pix\u0000el"],
      ["mfr", "\u0000"],
      ["model", "Pixel\u001b7"],
    ] as const) {
      const search = new URLSearchParams({ [field]: value });
      for (const path of ["/camera/reports/export.csv", "/camera/reports/export.json", "/camera/reports"]) {
        const response = await h.request(`${path}?${search}`);
        expect(response.status, `${path} ${field}`).toBe(400);
        const body = (await response.json()) as { errors: { field: string; message: string }[] };
        expect(body.errors[0], `${path} ${field}`).toMatchObject({ field, message: /control characters/ });
      }
    }
  });
});

describe("GET /api/camera/reports/export.json", () => {
  it("answers an array of the matches' summaries", async () => {
    const response = await h.request("/camera/reports/export.json?q=odd");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/filename="camera-reports-odd-[\d-]+\.json"/);
    const reports = (await response.json()) as CameraReportSummary[];
    expect(reports.map((report) => report.manufacturer)).toEqual([...awkward].reverse());
    expect(Object.keys(reports[0]!)).toEqual([
      "id",
      "manufacturer",
      "device_model",
      "os",
      "os_ver",
      "created_at",
      "camera_count",
      "best_level",
      "sdk",
      "best_megapixels",
    ]);
  });

  it("answers every match across batches, and an empty array for none", async () => {
    const all = (await (await h.request("/camera/reports/export.json")).json()) as CameraReportSummary[];
    expect(all).toHaveLength(PIXEL_REPORTS + 5 + awkward.length + NO_SDK);
    expect(new Set(all.map((report) => report.id)).size).toBe(all.length);
    const none = await h.request("/camera/reports/export.json?q=nosuchphone");
    expect(await none.text()).toBe("[]\n");
  });
});

describe("the export of every report", () => {
  /** The bytes the per-request path answers: the query, streamed. */
  const queried = async (format: "csv" | "json") =>
    Buffer.from(
      await new Response(
        exportStream(exportCameraReports(h.database.db, normalizeCameraReportQuery({})), format),
      ).arrayBuffer(),
    );
  const sha256 = (bytes: Buffer) => `"${createHash("sha256").update(bytes).digest("base64url")}"`;
  /** The answer, with how many queries it made (Server-Timing, shown as the operator's setting would). */
  const exported = async (format: "csv" | "json", headers: Record<string, string> = {}) => {
    const response = await withServerTiming(() => h.request(`/camera/reports/export.${format}`, { headers }), {
      everyone: true,
    });
    const body = Buffer.from(await response.arrayBuffer());
    const queries = Number(
      /db;dur=[\d.]+;desc="(\d+) quer/.exec(response.headers.get("server-timing") ?? "")?.[1] ?? 0,
    );
    return { response, body, queries };
  };

  it("comes from a file: the query path's bytes, a strong ETag, Last-Modified, no query per request", async () => {
    for (const format of ["csv", "json"] as const) {
      const first = await exported(format);
      const expected = await queried(format);
      expect(first.response.status).toBe(200);
      expect(first.body.equals(expected), format).toBe(true);
      expect(first.response.headers.get("etag")).toBe(sha256(expected));
      expect(first.response.headers.get("content-length")).toBe(String(expected.length));
      expect(Date.parse(first.response.headers.get("last-modified")!)).toBeLessThanOrEqual(Date.now());
      expect(first.response.headers.get("content-type")).toBe(
        format === "csv" ? "text/csv; charset=utf-8; header=present" : "application/json; charset=utf-8",
      );
      expect(first.response.headers.get("content-disposition")).toMatch(
        new RegExp(`^attachment; filename="camera-reports-all-\\d{4}-\\d{2}-\\d{2}\\.${format}"$`),
      );
      const again = await exported(format);
      expect(again.body.equals(expected)).toBe(true);
      expect(again.queries, "queries made by a second request").toBe(0);
    }
    // Page, size and group do not make it a search; another order does.
    expect((await exported("csv", {})).response.headers.get("etag")).toBe(
      (await withServerTiming(() => h.request("/camera/reports/export.csv?page=2&size=5"))).headers.get("etag"),
    );
    const sorted = await h.request("/camera/reports/export.csv?sort=device&dir=asc");
    expect(sorted.headers.get("etag")).toBeNull();
    expect(sorted.headers.get("cache-control")).toBe("no-store");
  });

  it("answers 304 to its ETag or a later If-Modified-Since, and 200 to another tag", async () => {
    const { response } = await exported("csv");
    const etag = response.headers.get("etag")!;
    const conditionals: Record<string, string>[] = [
      { "if-none-match": etag },
      { "if-none-match": `"other", W/${etag}` },
      { "if-modified-since": response.headers.get("last-modified")! },
    ];
    for (const headers of conditionals) {
      const answer = await exported("csv", headers);
      expect(answer.response.status, JSON.stringify(headers)).toBe(304);
      expect(answer.body.length).toBe(0);
      expect(answer.response.headers.get("etag")).toBe(etag);
    }
    expect((await exported("csv", { "if-none-match": '"other"' })).response.status).toBe(200);
  });

  it("follows a report added: the file changes, and is again the query path's bytes", async () => {
    const before = (await exported("json")).response.headers.get("etag");
    const files = cameraExportFiles(h.database.db);
    const refreshes = files.refreshes;
    const added = cameraReportRow(
      { ...uploadOf(pixel), manufacturer: "Newest", device_model: "Arrival" },
      { createdAt: new Date(start + 20_000_000) },
    );
    await changePublicContent(h.database.db, ["camera-reports"], (tx) => tx.insert(cameraReports).values(added));
    // A burst of changes is one refresh.
    for (let i = 0; i < 5; i++) files.changed();
    const deadline = Date.now() + 15_000;
    while ((files.pending || files.refreshes === refreshes) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(files.refreshes).toBe(refreshes + 1);
    const after = await exported("json");
    expect(after.response.headers.get("etag")).not.toBe(before);
    expect(after.body.equals(await queried("json"))).toBe(true);
    expect((JSON.parse(after.body.toString("utf8")) as CameraReportSummary[])[0]!.manufacturer).toBe("Newest");
    expect((await exported("csv")).body.equals(await queried("csv"))).toBe(true);
    // The tests after this one count the reports.
    await h.database.db.delete(cameraReports).where(eq(cameraReports.id, added.id!));
  });
});

describe("withFirstBatchRead", () => {
  it("fails before the answer starts when the first read fails", async () => {
    async function* refused(): AsyncGenerator<number[]> {
      if (Date.now() > 0) throw new Error("invalid byte sequence");
      yield [];
    }
    await expect(withFirstBatchRead(refused())).rejects.toThrow("invalid byte sequence");
  });

  it("hands on every batch, the first included, and closes the reader when the file is left unread", async () => {
    let closed = false;
    async function* batches(): AsyncGenerator<number[]> {
      try {
        yield [1];
        yield [2];
        yield [3];
      } finally {
        closed = true;
      }
    }
    const all: number[][] = [];
    for await (const batch of await withFirstBatchRead(batches())) all.push(batch);
    expect(all).toEqual([[1], [2], [3]]);
    closed = false;
    const started = await withFirstBatchRead(batches());
    expect((await started.next()).value).toEqual([1]);
    await started.return(undefined);
    expect(closed).toBe(true);
  });
});

describe("exportCameraReports", () => {
  it("follows the list's sort across batches, ties broken by id, nulls where the list puts them", async () => {
    for (const [sort, dir] of [
      ["device", "asc"],
      ["android", "desc"],
      ["android", "asc"],
      ["cameras", "desc"],
    ] as const) {
      const query = normalizeCameraReportQuery({ sort, dir });
      const list = await h.request(`/camera/reports?sort=${sort}&dir=${dir}&size=100`);
      const firstPage = ((await list.json()) as { reports: CameraReportSummary[] }).reports.map((report) => report.id);
      const exported: string[] = [];
      for await (const batch of exportCameraReports(h.database.db, query, { batchSize: 7 }))
        exported.push(...batch.map((report) => report.id));
      expect(exported.slice(0, 100), `${sort} ${dir}`).toEqual(firstPage);
      const lastPage = await h.request(`/camera/reports?sort=${sort}&dir=${dir}&size=100&page=13`);
      const lastIds = ((await lastPage.json()) as { reports: CameraReportSummary[] }).reports.map(
        (report) => report.id,
      );
      expect(exported.slice(1_200), `${sort} ${dir}, the end`).toEqual(lastIds);
      expect(new Set(exported).size).toBe(PIXEL_REPORTS + 5 + awkward.length + NO_SDK);
    }
  });

  it("stops at the row cap and reads in batches of the given size", async () => {
    const query = normalizeCameraReportQuery({ q: "pixel" });
    const batches: number[] = [];
    for await (const batch of exportCameraReports(h.database.db, query, { maxRows: 250, batchSize: 100 }))
      batches.push(batch.length);
    expect(batches).toEqual([100, 100, 50]);
  });
});
