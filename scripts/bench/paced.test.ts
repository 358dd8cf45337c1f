import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pacedLoad } from "./paced.ts";

let server: http.Server;
let port: number;
const arrivals: number[] = [];
let stallNext = false;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    arrivals.push(performance.now());
    const answer = () => {
      response.statusCode = request.url === "/missing" ? 404 : 200;
      response.end("ok");
    };
    if (stallNext) {
      stallNext = false;
      setTimeout(answer, 400);
    } else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("pacedLoad", () => {
  it("spreads the requests evenly over the second instead of sending each connection's share at once", async () => {
    arrivals.length = 0;
    const figures = await pacedLoad(port, "127.0.0.1", { path: "/", connections: 10, durationSeconds: 1, rate: 40 });
    expect(figures.requests).toBe(40);
    expect(figures.non2xx).toBe(0);
    // 25 ms apart: a burst would put all 40 in the first few milliseconds.
    const gaps = arrivals.slice(1).map((at, index) => at - arrivals[index]!);
    expect(gaps.filter((gap) => gap < 10).length).toBeLessThan(4);
    expect(arrivals.at(-1)! - arrivals[0]!).toBeGreaterThan(900);
  });

  it("counts a request's latency from when it was due, so a stall shows in the figures", async () => {
    stallNext = true;
    const figures = await pacedLoad(port, "127.0.0.1", { path: "/", connections: 1, durationSeconds: 1, rate: 20 });
    // One connection: the requests due during the 400 ms stall wait for it, and their wait counts.
    expect(figures.p99Ms).toBeGreaterThanOrEqual(350);
    expect(figures.p50Ms).toBeLessThan(100);
  });

  it("counts answers outside 2xx", async () => {
    const figures = await pacedLoad(port, "127.0.0.1", {
      path: "/missing",
      connections: 2,
      durationSeconds: 1,
      rate: 10,
    });
    expect(figures).toMatchObject({ requests: 10, non2xx: 10, errors: 0 });
  });
});
