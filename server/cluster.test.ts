import { describe, expect, it } from "vitest";
import { planWorkers } from "./cluster";

describe("planWorkers", () => {
  it("runs one process unless WEB_CONCURRENCY asks for more", () => {
    expect(planWorkers({})).toEqual({ workers: 1 });
    expect(planWorkers({ WEB_CONCURRENCY: "1", DATABASE_URL: "postgres://x" })).toEqual({ workers: 1 });
  });

  it("runs N workers with PostgreSQL", () => {
    expect(planWorkers({ WEB_CONCURRENCY: "4", DATABASE_URL: "postgres://x" })).toEqual({ workers: 4 });
  });

  it("falls back to one process with the embedded database, and says why", () => {
    const plan = planWorkers({ WEB_CONCURRENCY: "4" });
    expect(plan.workers).toBe(1);
    expect(plan.note).toMatch(/embedded database \(PGlite\) serves one process only/);
  });

  it("refuses nonsense", () => {
    expect(() => planWorkers({ WEB_CONCURRENCY: "two", DATABASE_URL: "postgres://x" })).toThrow(/whole number from 1 to 64/);
    expect(() => planWorkers({ WEB_CONCURRENCY: "0", DATABASE_URL: "postgres://x" })).toThrow(/whole number/);
  });
});
