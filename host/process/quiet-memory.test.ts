import http from "node:http";
import type { AddressInfo } from "node:net";
import v8 from "node:v8";
import { afterEach, describe, expect, it } from "vitest";
import { memoryReducingCollection, QuietMemoryRelease, releaseMemoryWhenQuiet } from "./quiet-memory";

const MB = 1024 * 1024;

function fakeWorker(options: { quietMs?: number; growthBytes?: number } = {}) {
  const clock = { now: 0, resident: 300 * MB, collections: 0 };
  const release = new QuietMemoryRelease({
    quietMs: options.quietMs ?? 30_000,
    growthBytes: options.growthBytes ?? 48 * MB,
    now: () => clock.now,
    residentBytes: () => clock.resident,
    collect: () => {
      clock.collections++;
      clock.resident = 260 * MB;
    },
    log: () => {},
  });
  return { clock, release };
}

describe("QuietMemoryRelease", () => {
  it("collects once the worker has been quiet long enough after its memory grew", () => {
    const { clock, release } = fakeWorker();
    release.requestStarted();
    clock.resident = 450 * MB;
    clock.now = 5_000;
    release.requestEnded();
    clock.now = 34_999;
    expect(release.check()).toBe(false);
    clock.now = 35_000;
    expect(release.check()).toBe(true);
    expect(clock.collections).toBe(1);
    // Nothing grew since: no second collection however long the quiet lasts.
    clock.now = 500_000;
    expect(release.check()).toBe(false);
    expect(clock.collections).toBe(1);
  });

  it("never collects while a request is in flight", () => {
    const { clock, release } = fakeWorker();
    release.requestStarted();
    release.requestStarted();
    release.requestEnded();
    clock.resident = 600 * MB;
    clock.now = 600_000;
    expect(release.check()).toBe(false);
    release.requestEnded();
    clock.now = 629_999;
    expect(release.check()).toBe(false);
    clock.now = 630_000;
    expect(release.check()).toBe(true);
  });

  it("leaves memory that grew less than the threshold since the last collection", () => {
    const { clock, release } = fakeWorker();
    clock.resident = 300 * MB + 47 * MB;
    clock.now = 60_000;
    expect(release.check()).toBe(false);
    clock.resident = 300 * MB + 48 * MB;
    expect(release.check()).toBe(true);
    // Measured from what the collection left (260 MB), not from the start.
    clock.resident = 260 * MB + 48 * MB;
    expect(release.check()).toBe(true);
    expect(clock.collections).toBe(2);
  });
});

describe("memoryReducingCollection", () => {
  it("gives a grown heap back without adding gc to the global scope", () => {
    const hadGc = "gc" in globalThis;
    const collect = memoryReducingCollection();
    expect(collect).toBeTypeOf("function");
    expect("gc" in globalThis).toBe(hadGc);
    let garbage: number[][] | null = Array.from({ length: 400 }, () => Array.from({ length: 30_000 }, (_, i) => i));
    const grown = v8.getHeapStatistics().total_heap_size;
    expect(garbage.length).toBe(400);
    garbage = null;
    collect!();
    const after = v8.getHeapStatistics().total_heap_size;
    expect(grown - after).toBeGreaterThan(50 * MB);
  });
});

describe("releaseMemoryWhenQuiet", () => {
  const servers: http.Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });

  it("counts the server's requests: collects only after the last one has ended and the quiet time passed", async () => {
    let finishSlowRequest = () => {};
    const server = http.createServer((request, response) => {
      if (request.url === "/slow") finishSlowRequest = () => response.end("done");
      else response.end("quick");
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const collections: number[] = [];
    let resident = 300 * MB;
    const stop = releaseMemoryWhenQuiet(server, {
      quietMs: 150,
      growthBytes: 1,
      checkEveryMs: 20,
      residentBytes: () => (resident += MB),
      collect: () => collections.push(performance.now()),
      log: () => {},
    });
    const slow = fetch(`${base}/slow`);
    await fetch(`${base}/`).then((response) => response.text());
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(collections).toEqual([]);
    const ended = performance.now();
    finishSlowRequest();
    await (await slow).text();
    await new Promise((resolve) => setTimeout(resolve, 400));
    stop();
    expect(collections.length).toBeGreaterThanOrEqual(1);
    expect(collections[0]! - ended).toBeGreaterThanOrEqual(150);
  });
});
