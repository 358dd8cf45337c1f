import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { reclaimIdleConnectionsWhenCrowded } from "./idle-connections";

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/**
 * A connection that has made one request and now waits, as a browser's pool holds it; resolves once answered. Its
 * request goes `delayMs` after it connects.
 */
function idleConnection(port: number, delayMs = 0): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () =>
      setTimeout(() => socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n"), delayMs),
    );
    socket.once("data", () => resolve(socket));
    socket.once("error", reject);
  });
}

const closed = (socket: net.Socket) =>
  socket.destroyed ? Promise.resolve() : new Promise<void>((resolve) => socket.once("close", () => resolve()));

describe("reclaimIdleConnectionsWhenCrowded", () => {
  it("closes the idle connections once more than the limit are open, and serves the new one", async () => {
    server = http.createServer({ keepAliveTimeout: 65_000 }, (_request, response) => response.end("ok"));
    reclaimIdleConnectionsWhenCrowded(server, 3);
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const idle = [await idleConnection(port), await idleConnection(port), await idleConnection(port)];
    // Three are allowed: none is closed.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(idle.map((socket) => socket.destroyed)).toEqual([false, false, false]);

    // The fourth sends its request a moment after connecting: a new connection is not idle, and is served.
    const fourth = await idleConnection(port, 200);
    await Promise.all(idle.map(closed));
    expect(fourth.destroyed).toBe(false);
    fourth.destroy();
  });

  it("leaves connections alone under the limit", async () => {
    server = http.createServer({ keepAliveTimeout: 65_000 }, (_request, response) => response.end("ok"));
    reclaimIdleConnectionsWhenCrowded(server, 10);
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const idle = await Promise.all([1, 2, 3, 4].map(() => idleConnection(port)));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(idle.map((socket) => socket.destroyed)).toEqual([false, false, false, false]);
    for (const socket of idle) socket.destroy();
  });
});
