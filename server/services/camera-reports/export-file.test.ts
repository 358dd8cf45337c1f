// The file of every report's export: written once however many ask at the same time, replaced atomically (a reader
// of the old file reads it whole), refreshed once for a burst of changes, only this server's user may read it, and
// files of processes that have ended are removed.
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { normalizeCameraReportQuery } from "#shared/contract/camera.ts";
import { DEVICES, uploadOf } from "#server/db/seeds/camera-devices.ts";
import { createApiHarness, type ApiHarness } from "#tests/support/api-harness.ts";
import { exportCameraReports, exportStream } from "./export";
import { createExportFiles, fileStream, isWholeExport } from "./export-file";
import { cameraReportRow, insertCameraReports } from "./storing";

let h: ApiHarness;
const pixel = DEVICES.find((device) => device.model === "Pixel 7")!;
const addReports = (count: number, from = 0) =>
  insertCameraReports(
    h.database.db,
    Array.from({ length: count }, (_, index) =>
      cameraReportRow(uploadOf(pixel), { createdAt: new Date(Date.UTC(2026, 0, 1) + (from + index) * 1000) }),
    ),
  );

beforeAll(async () => {
  h = await createApiHarness();
  await addReports(300);
});
afterAll(async () => {
  await h.close();
});

const newDir = () => mkdtempSync(path.join(os.tmpdir(), "export-file-"));
const queried = async () =>
  Buffer.from(
    await new Response(
      exportStream(exportCameraReports(h.database.db, normalizeCameraReportQuery({})), "csv"),
    ).arrayBuffer(),
  );

describe("the export file", () => {
  it("is written once for every request that asks before it exists", async () => {
    const files = createExportFiles({ db: h.database.db, dir: newDir(), followChanges: false });
    const opened = await Promise.all(Array.from({ length: 20 }, () => files.open("csv")));
    expect(files.refreshes).toBe(1);
    const bytes = await Promise.all(
      opened.map(async ({ handle }) => Buffer.from(await new Response(fileStream(handle)).arrayBuffer())),
    );
    const expected = await queried();
    for (const read of bytes) expect(read.equals(expected)).toBe(true);
    files.stop();
  });

  it("is replaced atomically: a reader of the old file reads all of it, the next one the new file", async () => {
    const dir = newDir();
    const files = createExportFiles({ db: h.database.db, dir, followChanges: false, exportOptions: { batchSize: 50 } });
    const { handle, file } = await files.open("csv");
    const old = await queried();
    await addReports(7, 1_000);
    await files.refresh();
    expect(files.current!.csv.etag).not.toBe(file.etag);
    // Opened before the rename: still the old bytes, whole.
    expect(Buffer.from(await new Response(fileStream(handle)).arrayBuffer()).equals(old)).toBe(true);
    const next = await files.open("csv");
    expect(Buffer.from(await new Response(fileStream(next.handle)).arrayBuffer()).equals(await queried())).toBe(true);
    // No temporary file is left behind, and the file is this user's only (DATA_DIR's rule).
    expect(readdirSync(dir).filter((name) => name.endsWith(".tmp"))).toEqual([]);
    expect(statSync(file.path).mode & 0o777).toBe(0o600);
    files.stop();
  });

  it("refreshes once for a burst of changes, after the delay, and never two at once", async () => {
    const files = createExportFiles({
      db: h.database.db,
      dir: newDir(),
      followChanges: false,
      refreshDelayMs: 50,
      minIntervalMs: 0,
    });
    await files.open("json");
    expect(files.refreshes).toBe(1);
    for (let i = 0; i < 50; i++) files.changed();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(files.refreshes).toBe(1);
    while (files.pending) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(files.refreshes).toBe(2);
    // Asked while one runs, a refresh is that one.
    const running = files.refresh();
    expect(files.refresh()).toBe(running);
    await running;
    expect(files.refreshes).toBe(3);
    files.stop();
  });

  it("removes the files of processes that have ended, and keeps those of running ones", async () => {
    const dir = newDir();
    // A pid far above any the kernel hands out (pid_max is at most 4,194,304).
    const gone = path.join(dir, "camera-reports.99999999.1.csv");
    const running = path.join(dir, `camera-reports.${process.ppid}.1.csv`);
    writeFileSync(gone, "old");
    writeFileSync(running, "live");
    const files = createExportFiles({ db: h.database.db, dir, followChanges: false });
    await files.open("csv");
    expect(existsSync(gone)).toBe(false);
    expect(readFileSync(running, "utf8")).toBe("live");
    files.stop();
  });

  it("is used for the export without a search, in the list's order, whatever the page and size", () => {
    expect(isWholeExport(normalizeCameraReportQuery({}))).toBe(true);
    expect(isWholeExport(normalizeCameraReportQuery({ page: 3, size: 5 }))).toBe(true);
    expect(isWholeExport(normalizeCameraReportQuery({ q: "pixel" }))).toBe(false);
    expect(isWholeExport(normalizeCameraReportQuery({ sort: "device" }))).toBe(false);
    expect(isWholeExport(normalizeCameraReportQuery({ dir: "asc" }))).toBe(false);
    expect(isWholeExport(normalizeCameraReportQuery({ mfr: ["Google"] }))).toBe(false);
  });
});
