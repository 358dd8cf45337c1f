import { describe, expect, it } from "vitest";
import { recordTiming, startTiming, timed, withServerTiming } from "./server-timing";

describe("Server-Timing", () => {
  it("sums api, db and render time of the request that caused them", async () => {
    const response = await withServerTiming(async () => {
      await timed("api", async () => {
        recordTiming("db", 2);
        recordTiming("db", 3);
      });
      const stop = startTiming("render");
      await new Promise((resolve) => setTimeout(resolve, 5));
      stop();
      return new Response("ok");
    });
    const header = response.headers.get("Server-Timing") ?? "";
    expect(header).toMatch(
      /^api;dur=[\d.]+;desc="1 API call", db;dur=5\.0;desc="2 queries", render;dur=[\d.]+, total;dur=[\d.]+$/,
    );
  });

  it("keeps concurrent requests apart", async () => {
    const slowDb = (ms: number) =>
      withServerTiming(async () => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        recordTiming("db", ms);
        return new Response("ok");
      });
    const [first, second] = await Promise.all([slowDb(7), slowDb(11)]);
    expect(first.headers.get("Server-Timing")).toContain("db;dur=7.0");
    expect(second.headers.get("Server-Timing")).toContain("db;dur=11.0");
  });

  it("copies a response whose headers are immutable", async () => {
    const immutable = Response.redirect("http://localhost/", 302);
    const response = await withServerTiming(() => immutable);
    expect(response.headers.get("Server-Timing")).toMatch(/^total;dur=/);
    expect(response.status).toBe(302);
  });

  it("ignores measurements outside a request", async () => {
    recordTiming("db", 1);
    await expect(timed("api", async () => 42)).resolves.toBe(42);
  });
});
