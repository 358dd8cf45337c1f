// Faults at the connection level: SIGTERM while 20 slow requests are in flight (all finish, exit 0), slow-loris
// connections closed by the header time-out while normal requests and an idle keep-alive connection keep working,
// and bodies over the limit answered 413 without the process's memory growing with the body.
import assert from "node:assert/strict";
import net from "node:net";
import { test } from "node:test";
import { sleep, startServer, timedFetch } from "./support.ts";

/** A raw HTTP request whose body arrives slowly: the request stays in flight for about `spreadMs`. */
function slowBodyRequest(port: number, path: string, body: string, spreadMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    socket.setTimeout(30_000, () => socket.destroy(new Error("no answer within 30 s")));
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("end", () => resolve(answer));
    socket.on("close", () => resolve(answer));
    socket.on("error", reject);
    socket.on("connect", async () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: ` +
          `application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: ` +
          `close\r\n\r\n`,
      );
      const half = Math.floor(body.length / 2);
      socket.write(body.slice(0, half));
      await sleep(spreadMs);
      socket.write(body.slice(half));
    });
  });
}

/** Sends a GET on an open keep-alive connection; resolves with the status line of the answer. */
function getOnOpenConnection(socket: net.Socket, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    if (socket.destroyed) return reject(new Error("the server had closed the connection"));
    const onData = (chunk: Buffer) => {
      socket.off("close", onClose);
      resolve(chunk.toString().split("\r\n")[0]!);
    };
    const onClose = () => {
      socket.off("data", onData);
      reject(new Error("the server closed the connection instead of answering"));
    };
    socket.once("data", onData);
    socket.once("close", onClose);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`);
  });
}

test("SIGTERM during 20 slow requests: all 20 complete, then the process exits 0", async () => {
  const server = await startServer({ LOGIN_RATE_LIMIT_PER_MINUTE: "1000" });
  try {
    const body = JSON.stringify({ email: "nobody@example.com", password: "not the password" });
    const requests = Array.from({ length: 20 }, () => slowBodyRequest(server.port, "/api/auth/login", body, 2_000));
    await sleep(500); // every request has sent its headers and half its body
    server.child.kill("SIGTERM");
    const answers = await Promise.all(requests);
    const statuses = answers.map((a) => Number(/^HTTP\/1\.1 (\d{3})/.exec(a)?.[1] ?? 0));
    assert.deepEqual(statuses, Array(20).fill(401), `statuses: ${statuses.join(",")}`);
    const code = await Promise.race([server.exited, sleep(30_000).then(() => "still running")]);
    assert.equal(code, 0, server.output());
    // Nothing new is accepted once it has stopped.
    await assert.rejects(fetch(`${server.url}/healthz/live`, { signal: AbortSignal.timeout(2000) }));
  } finally {
    await server.stop();
  }
});

test("slow-loris connections are closed by the header time-out; normal and idle keep-alive ones work", async () => {
  const server = await startServer();
  try {
    // A connection that has finished a request and then waits, as a browser's or a proxy's pool holds it.
    const idleKeepAlive = net.connect(server.port, "127.0.0.1");
    idleKeepAlive.on("error", () => {});
    await new Promise((resolve) => idleKeepAlive.once("connect", resolve));
    assert.match(await getOnOpenConnection(idleKeepAlive, "/healthz/live"), / 200 /);
    const sockets: net.Socket[] = [];
    const closedAt: number[] = [];
    const started = Date.now();
    for (let i = 0; i < 40; i++) {
      const socket = net.connect(server.port, "127.0.0.1");
      socket.on("error", () => {});
      socket.on("close", () => closedAt.push(Date.now() - started));
      socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n`);
      sockets.push(socket);
    }
    // Trickle a header line every second, never finishing the headers, for at most 20 s.
    const latencies: number[] = [];
    while (closedAt.length < sockets.length && Date.now() - started < 20_000) {
      for (const socket of sockets) if (!socket.destroyed) socket.write(`X-Slow-${Date.now()}: 1\r\n`);
      const probe = await timedFetch(`${server.url}/healthz/live`, {}, 5_000);
      assert.equal(probe.status, 200);
      latencies.push(probe.ms);
      await sleep(1_000);
    }
    for (const socket of sockets) socket.destroy();
    console.info(
      `[slow-loris] ${closedAt.length}/40 closed by the server, the last after ` +
        `${Math.max(...closedAt)} ms; normal requests took at most ` +
        `${Math.max(...latencies).toFixed(0)} ms`,
    );
    assert.equal(closedAt.length, 40, "every slow-loris connection was closed by the server");
    // headersTimeout is 10 s; the server checks for it every second or so.
    assert.ok(Math.max(...closedAt) < 15_000, `closed after ${Math.max(...closedAt)} ms`);
    assert.ok(Math.max(...latencies) < 1_000);
    // Idle for the whole of the above (over 10 s, twice Node's default keep-alive time-out) and still served.
    assert.match(await getOnOpenConnection(idleKeepAlive, "/healthz/live"), / 200 /);
    idleKeepAlive.destroy();
  } finally {
    await server.stop();
  }
});

/** Streams `totalBytes` (chunked, no length announced) and returns the status; the server may cut it short. */
async function streamBody(url: string, totalBytes: number, headers: Record<string, string>): Promise<number> {
  const chunk = new Uint8Array(256 * 1024).fill(0x61);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= totalBytes) return controller.close();
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
  try {
    const response = await fetch(url, {
      method: "POST",
      body,
      headers,
      duplex: "half",
      signal: AbortSignal.timeout(60_000),
    } as RequestInit);
    await response.arrayBuffer();
    return response.status;
  } catch (error) {
    // The server may close the connection as soon as it has answered 413; the answer still counts.
    return (error as { cause?: { code?: string } }).cause?.code === "UND_ERR_SOCKET" ? 413 : Promise.reject(error);
  }
}

test("bodies over the limit answer 413 without memory growing with the body", async () => {
  const server = await startServer();
  try {
    await timedFetch(`${server.url}/`);
    const before = server.memory();
    // Sample the resident memory while the bodies stream in: its highest value is what a body could cost.
    let highestRssKb = before.rssKb;
    const sampler = setInterval(() => (highestRssKb = Math.max(highestRssKb, server.memory().rssKb)), 50);
    const total = 32 * 1024 * 1024;
    const results: string[] = [];
    for (const [path, type] of [
      ["/api/auth/login", "application/json"],
      ["/api/camera/reports", "application/json"],
      ["/account/login", "application/x-www-form-urlencoded"],
      ["/contact", "application/x-www-form-urlencoded"],
    ] as const) {
      // Announced too large: refused from the header alone.
      const announced = await fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { "content-type": type, "content-length": String(total), origin: server.url },
        body: "x",
      }).then(
        (r) => r.status,
        () => 413,
      );
      // Not announced (chunked): refused once the limit is crossed, not after reading all 256 MiB.
      const streamed = await streamBody(`${server.url}${path}`, total, { "content-type": type, origin: server.url });
      results.push(`${path}: ${announced}/${streamed}`);
      assert.equal(streamed, 413, `${path} streamed`);
    }
    clearInterval(sampler);
    const growthMiB = (highestRssKb - before.rssKb) / 1024;
    console.info(
      `[oversize] ${results.join(", ")} (announced/streamed); RSS ${(before.rssKb / 1024).toFixed(0)} MiB ` +
        `before, at most ${(highestRssKb / 1024).toFixed(0)} MiB during 4 × 32 MiB bodies`,
    );
    assert.ok(growthMiB < 64, `resident memory grew by ${growthMiB.toFixed(0)} MiB`);
    assert.equal((await timedFetch(`${server.url}/healthz/live`)).status, 200);
  } finally {
    await server.stop();
  }
});
