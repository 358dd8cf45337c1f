import { describe, expect, it } from "vitest";
import { recordTiming, showServerTiming, startTiming, timed, withServerTiming } from "./server-timing";

const everyone = { everyone: true };

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
    }, everyone);
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
      }, everyone);
    const [first, second] = await Promise.all([slowDb(7), slowDb(11)]);
    expect(first.headers.get("Server-Timing")).toContain("db;dur=7.0");
    expect(second.headers.get("Server-Timing")).toContain("db;dur=11.0");
  });

  it("copies a response whose headers are immutable", async () => {
    const immutable = Response.redirect("http://localhost/", 302);
    const response = await withServerTiming(() => immutable, everyone);
    expect(response.headers.get("Server-Timing")).toMatch(/^total;dur=/);
    expect(response.status).toBe(302);
  });

  it("goes out only when the request was an administrator's, or when the operator shows it to everyone", async () => {
    const answer = () => {
      recordTiming("db", 1);
      return new Response("ok");
    };
    expect((await withServerTiming(answer)).headers.has("Server-Timing")).toBe(false);
    const marked = await withServerTiming(() => {
      showServerTiming();
      return answer();
    });
    expect(marked.headers.get("Server-Timing")).toMatch(/^db;dur=1\.0;desc="1 query", total;dur=/);
    expect((await withServerTiming(answer, everyone)).headers.get("Server-Timing")).toMatch(/^db;dur=1\.0/);
    // One request's administrator does not show the figures of another request running at the same time.
    const [admin, visitor] = await Promise.all([
      withServerTiming(async () => {
        showServerTiming();
        await new Promise((resolve) => setTimeout(resolve, 2));
        return answer();
      }),
      withServerTiming(async () => {
        await new Promise((resolve) => setTimeout(resolve, 2));
        return answer();
      }),
    ]);
    expect(admin.headers.has("Server-Timing")).toBe(true);
    expect(visitor.headers.has("Server-Timing")).toBe(false);
  });

  it("ignores measurements outside a request", async () => {
    recordTiming("db", 1);
    await expect(timed("api", async () => 42)).resolves.toBe(42);
  });
});
