// PGlite's directory lock: a live process keeps another out, but a dead one does not — also while it is a zombie
// (exited, not yet reaped by its parent), as a server killed with kill -9 is for a moment.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "./client";

const migrationsDir = path.resolve(import.meta.dirname, "migrations");
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "pglite-lock-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function processState(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
}

/** A shell that starts a short command and then becomes `sleep`, which never reaps it: the command stays a zombie. */
async function zombie(): Promise<number> {
  const parent = spawn("sh", ["-c", "sleep 0 & echo $!; exec sleep 30"], { stdio: ["ignore", "pipe", "ignore"] });
  cleanups.push(() => parent.kill("SIGKILL"));
  const pid = await new Promise<number>((resolve) =>
    parent.stdout!.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
  );
  for (let i = 0; i < 100 && processState(pid) !== "Z"; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(processState(pid)).toBe("Z");
  return pid;
}

function running(): ChildProcess {
  const child = spawn("sleep", ["30"], { stdio: "ignore" });
  cleanups.push(() => child.kill("SIGKILL"));
  return child;
}

describe.skipIf(process.platform !== "linux")("PGlite directory lock", () => {
  it("is taken over from a zombie", { timeout: 60_000 }, async () => {
    const dir = path.join(tempDir(), "db");
    writeFileSync(`${dir}.lock`, String(await zombie()));
    const database = await openDatabase({ pgliteDir: dir, migrationsDir });
    try {
      expect(readFileSync(`${dir}.lock`, "utf8")).toBe(String(process.pid));
    } finally {
      await database.close();
    }
  });

  it("keeps a second process out while the owner runs", async () => {
    const dir = path.join(tempDir(), "db");
    const owner = running();
    writeFileSync(`${dir}.lock`, String(owner.pid));
    await expect(openDatabase({ pgliteDir: dir, migrationsDir })).rejects.toThrow(`in use by process ${owner.pid}`);
  });
});
