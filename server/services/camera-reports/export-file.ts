// The export of every report (/api/camera/reports/export.csv and .json without a search, in the list's default
// order) is the same bytes for every visitor, so it is not read from the database per request: each process keeps
// the two files under DATA_DIR/exports, rewritten when reports change, and streams them from disk with a strong
// ETag (the content's SHA-256) and Last-Modified. A search's export still reads its rows per request.
//
// - Atomic: a refresh writes a temporary file and renames it over the old one, so a reader sees the old file or the
//   new one, whole. A reader that opened the old one keeps reading it (the open descriptor holds its inode).
// - Refreshed when reports change (server/content-changes.ts, so also when another instance sharing PostgreSQL
//   stores one): a burst of uploads waits refreshDelayMs and becomes one refresh, refreshes start at most once per
//   minIntervalMs (EXPORT_REFRESH_SECONDS), and one in flight is never started twice; a change during it schedules
//   one more after it.
// - Each process keeps its own files (named by its pid), instead of the workers and instances coordinating through
//   a lock: a refresh costs one walk over the reports per process, the cost the first per-request export already
//   had, and no process ever waits for another's. Files of processes that are gone are removed at start-up.
// - Memory stays flat: the refresh writes batch by batch (camera-report-export.ts) and the answer streams from disk.
import { createHash, randomBytes } from "node:crypto";
import { mkdir, open, readdir, rename, stat, unlink, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { normalizeCameraReportQuery, type CameraReportQuery } from "#shared/contract/camera.ts";
import type { ExportFormat } from "#shared/contract/camera-export.ts";
import { onContentChange } from "#server/content-changes.ts";
import { config } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { exportCameraReports, exportText, type ExportOptions } from "./export";

export interface ExportFile {
  path: string;
  /** A strong validator: the SHA-256 of the bytes. */
  etag: string;
  /** When the refresh that wrote it began reading: the reports in it are those stored by then. */
  lastModified: Date;
  size: number;
  /** The inode the rename put at `path`: a reader checks it opened this file and not a later one. */
  inode: number;
}

export interface ExportFilesOptions {
  db: Database;
  dir: string;
  /** How long a change waits before its refresh starts, so a burst of uploads is one refresh. */
  refreshDelayMs?: number;
  /** Least time between the starts of two refreshes. */
  minIntervalMs?: number;
  /** Passed to the export's reading (tests make its batches small). */
  exportOptions?: ExportOptions;
  now?: () => number;
  /** Refresh when reports change (server/content-changes.ts); off, the caller calls changed(). */
  followChanges?: boolean;
}

const FORMATS: readonly ExportFormat[] = ["csv", "json"];
const BASE_NAME = "camera-reports";
/** Files named "camera-reports.<pid>.<n>.<format>", temporary ones with ".tmp" after a random part. */
const FILE_NAME = /^camera-reports\.(\d+)\.\d+\./;
let setsInThisProcess = 0;

/** Whether the search is the unfiltered export in the list's default order (page, size and group do not count). */
export function isWholeExport(query: CameraReportQuery): boolean {
  const whole = normalizeCameraReportQuery({});
  const relevant = (q: CameraReportQuery) => JSON.stringify({ ...q, page: 1, size: 1, group: null });
  return relevant(query) === relevant(whole);
}

export function createExportFiles({
  db,
  dir,
  refreshDelayMs = 1_000,
  minIntervalMs = 10_000,
  exportOptions,
  now = Date.now,
  followChanges = true,
}: ExportFilesOptions) {
  const set = ++setsInThisProcess;
  const finalPath = (format: ExportFormat) => path.join(dir, `${BASE_NAME}.${process.pid}.${set}.${format}`);
  let current: Record<ExportFormat, ExportFile> | null = null;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let dirty = true;
  let lastStart = -Infinity;
  let stopped = false;
  let failure: unknown = null;
  let refreshes = 0;

  async function writeAll(): Promise<Record<ExportFormat, ExportFile>> {
    await cleanedUp;
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const lastModified = new Date(Math.floor(now() / 1000) * 1000);
    const suffix = randomBytes(6).toString("hex");
    const writers = await Promise.all(
      FORMATS.map(async (format) => {
        const temporary = `${finalPath(format)}.${suffix}.tmp`;
        return {
          format,
          temporary,
          handle: await open(temporary, "wx", 0o600),
          hash: createHash("sha256"),
          text: exportText(format),
          size: 0,
        };
      }),
    );
    try {
      const write = async (writer: (typeof writers)[number], text: string) => {
        if (!text) return;
        const bytes = Buffer.from(text, "utf8");
        writer.hash.update(bytes);
        writer.size += bytes.length;
        await writer.handle.write(bytes);
      };
      for (const writer of writers) await write(writer, writer.text.start());
      // One walk over the reports writes both files.
      for await (const batch of exportCameraReports(db, normalizeCameraReportQuery({}), exportOptions))
        for (const writer of writers) await write(writer, writer.text.batch(batch));
      for (const writer of writers) await write(writer, writer.text.end());
      for (const writer of writers) await writer.handle.close();
      const files = {} as Record<ExportFormat, ExportFile>;
      for (const writer of writers) {
        await rename(writer.temporary, finalPath(writer.format));
        const { ino } = await stat(finalPath(writer.format));
        files[writer.format] = {
          path: finalPath(writer.format),
          etag: `"${writer.hash.digest("base64url")}"`,
          lastModified,
          size: writer.size,
          inode: ino,
        };
      }
      return files;
    } catch (error) {
      for (const writer of writers) {
        await writer.handle.close().catch(() => undefined);
        await unlink(writer.temporary).catch(() => undefined);
      }
      throw error;
    }
  }

  /** Runs a refresh now, unless one is in flight (then that one is the answer). */
  function refresh(): Promise<void> {
    if (running) return running;
    if (timer) clearTimeout(timer);
    timer = null;
    dirty = false;
    lastStart = now();
    refreshes++;
    running = writeAll()
      .then((files) => {
        current = files;
        failure = null;
        running = null;
        // Reports changed while it ran: those may not be in it.
        if (dirty) schedule();
      })
      .catch((error: unknown) => {
        // The old files stay (or, with none yet, the requests waiting fail); the next change or first request
        // tries again. No retry of its own: a database that is gone must not be asked every few seconds.
        failure = error;
        running = null;
        console.error("[export-file] could not write the export of every report:", error);
      });
    return running;
  }

  function schedule(): void {
    dirty = true;
    if (running || timer || stopped) return;
    const delay = Math.max(refreshDelayMs, lastStart + minIntervalMs - now());
    timer = setTimeout(() => void refresh(), delay);
    timer.unref();
  }

  const cleanedUp = removeFilesOfEndedProcesses(dir);

  const files = {
    /**
     * The current file of `format`, opened: written first if there is none yet (every request meanwhile waits for
     * the same refresh). A file written before a change is answered until its refresh has replaced it.
     */
    async open(format: ExportFormat): Promise<{ file: ExportFile; handle: FileHandle }> {
      for (let attempt = 0; attempt < 5; attempt++) {
        if (!current) {
          await refresh();
          if (!current) throw failure instanceof Error ? failure : new Error("the export file could not be written");
        }
        const file: ExportFile = current[format];
        const handle = await open(file.path, "r");
        // A refresh may have renamed a newer file into place between reading `current` and opening the path.
        if ((await handle.stat()).ino === file.inode) return { file, handle };
        await handle.close();
      }
      throw new Error("the export file kept changing while it was opened");
    },
    /** Writes the files now (the next change refreshes them again). */
    refresh,
    /** Reports changed: refresh after the delay (and the least interval), once however many changes come. */
    changed: schedule,
    /** The files as they are; null before the first refresh. */
    get current() {
      return current;
    },
    /** How many refreshes have started. */
    get refreshes() {
      return refreshes;
    },
    /** A refresh is in flight or waiting for its delay. */
    get pending() {
      return Boolean(running || timer);
    },
    stop(): void {
      stopped = true;
      stopFollowing();
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
  // Held weakly, as the report caches are: the subscription must not keep a test's closed database alive.
  const held = new WeakRef(files);
  const stopFollowing = followChanges
    ? onContentChange((topics) => {
        const live = held.deref();
        if (!live) return stopFollowing();
        if (topics.has("camera-reports")) live.changed();
      })
    : () => undefined;
  return files;
}

export type ExportFiles = ReturnType<typeof createExportFiles>;

// One set of files per database, as the report caches: tests (a database per file) never share one.
const filesByDatabase = new WeakMap<Database, ExportFiles>();

/** This process's export files for `db`, under DATA_DIR/exports. */
export function cameraExportFiles(db: Database): ExportFiles {
  let files = filesByDatabase.get(db);
  if (!files) {
    files = createExportFiles({
      db,
      dir: path.join(config.dataDir, "exports"),
      minIntervalMs: config.exportRefreshSeconds * 1000,
    });
    filesByDatabase.set(db, files);
  }
  return files;
}

/** The file's bytes as a stream; the descriptor closes at its end or when the reader goes away. */
export function fileStream(handle: FileHandle): ReadableStream<Uint8Array> {
  const stream = handle.createReadStream({ highWaterMark: 64 * 1024 });
  return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
}

/** Files of processes that have ended (a worker killed or replaced, an earlier run): nobody will read them again. */
async function removeFilesOfEndedProcesses(dir: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(FILE_NAME.exec(name)?.[1]);
    if (!pid || pid === process.pid || isRunning(pid)) continue;
    await unlink(path.join(dir, name)).catch(() => undefined);
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
