// Fault: kill -9 while the probe app's report uploads are in flight. After a restart on the same data, every
// upload that was answered 2xx is there: an acknowledged write is a durable write. Run on the embedded PGlite
// (the default) and on PostgreSQL.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import {
  ADMIN,
  createPostgres,
  postgresAvailable,
  sleep,
  startServer,
  timedFetch,
  type ServerProcess,
} from "./support.ts";

const API_KEY = "fault-test-probe-key-0123456789abcdef";

async function issueApiKey(server: ServerProcess): Promise<void> {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  const { sessionToken } = (await login.json()) as { sessionToken: string };
  const created = await fetch(`${server.url}/api/v1/admin/api_keys`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${sessionToken}` },
    body: JSON.stringify({ service_name: "probe app (fault test)", api_key: API_KEY }),
  });
  assert.ok(created.ok, `issuing an API key: ${created.status} ${await created.text()}`);
}

function report(n: number) {
  return {
    manufacturer: "Crashtest",
    device_model: `kill9-${n}`,
    device_os: "Android 14 (SDK 34)",
    device_os_version: "14",
    camera_list: [
      {
        camera_id: "0",
        lens_facing: "BACK",
        hardware_level: "FULL",
        capabilities: ["BACKWARD_COMPATIBLE"],
        is_logical: false,
        physical_camera_ids: [],
        sensor_orientation: 90,
      },
    ],
  };
}

/** Uploads from `workers` clients until the server dies or `maxMs` passes; returns the ids answered 2xx. */
async function uploadUntilKilled(server: ServerProcess, workers: number, killAfterMs: number) {
  const acknowledged: string[] = [];
  let counter = 0;
  let failures = 0;
  const deadline = Date.now() + killAfterMs + 5_000;
  const worker = async () => {
    while (Date.now() < deadline) {
      const n = ++counter;
      try {
        const response = await fetch(`${server.url}/api/camera/reports`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "x-api-key": API_KEY,
            "idempotency-key": `kill9-${n}-${Date.now()}`,
          },
          body: JSON.stringify(report(n)),
          signal: AbortSignal.timeout(5_000),
        });
        const body = (await response.json()) as { id?: string };
        if (response.status >= 200 && response.status < 300 && body.id) acknowledged.push(body.id);
        else if (response.status >= 400) throw new Error(`upload answered ${response.status}`);
      } catch {
        failures += 1;
        if (server.child.exitCode !== null || server.child.signalCode !== null) return;
      }
    }
  };
  const killer = sleep(killAfterMs).then(() => server.child.kill("SIGKILL"));
  await Promise.all([...Array.from({ length: workers }, worker), killer]);
  await server.exited;
  return { acknowledged, attempted: counter, failures };
}

async function crashAndCheck(label: string, env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "fault-crash-"));
  try {
    // Hundreds of uploads in two seconds, with one key: far past the hourly per-key limit a real key has.
    const first = await startServer({ UPLOAD_RATE_LIMIT_PER_HOUR: "1000000", ...env }, { dataDir });
    await issueApiKey(first);
    const { acknowledged, attempted } = await uploadUntilKilled(first, 6, 2_000);
    assert.ok(acknowledged.length >= 5, `only ${acknowledged.length} uploads were acknowledged before the kill`);

    const second = await startServer(env, { dataDir });
    try {
      const missing: string[] = [];
      for (const id of acknowledged) {
        const found = await timedFetch(`${second.url}/api/camera/reports/${id}`);
        if (found.status !== 200) missing.push(`${id}: ${found.status}`);
      }
      console.info(
        `[kill -9 ${label}] ${acknowledged.length} of ${attempted} uploads acknowledged before ` +
          `the kill; ${acknowledged.length - missing.length} present after restart`,
      );
      assert.deepEqual(missing, [], "every acknowledged upload survived the crash");
    } finally {
      await second.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

test("kill -9 during concurrent uploads (PGlite): every 2xx upload is present after restart", async () => {
  await crashAndCheck("PGlite", {});
});

test(
  "kill -9 during concurrent uploads (PostgreSQL): every 2xx upload is present after restart",
  { skip: !postgresAvailable() && "PostgreSQL is not installed" },
  async () => {
    const pg = await createPostgres();
    try {
      await crashAndCheck("PostgreSQL", { DATABASE_URL: pg.url });
    } finally {
      pg.destroy();
    }
  },
);
