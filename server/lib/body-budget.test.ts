import { describe, expect, it } from "vitest";
import { BodyRefused, createBodyBudget } from "./body-budget";

/** A body that sends `chunks` of `size` bytes and then, unless `end`, stalls without ending. */
function body(chunks: number, size: number, end: boolean): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent < chunks) {
        sent++;
        controller.enqueue(new Uint8Array(size));
      } else if (end) controller.close();
      else await new Promise(() => {});
    },
  });
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<number | BodyRefused> {
  let total = 0;
  try {
    for await (const chunk of stream) total += chunk.byteLength;
  } catch (error) {
    if (error instanceof BodyRefused) return error;
    throw error;
  }
  return total;
}

describe("the budget for unfinished bodies", () => {
  it("refuses the body that would hold more than the budget with 503, and gives the bytes back", async () => {
    const budget = createBodyBudget({ maxBytes: 1_000, minBytesPerSecond: 1, graceMs: 60_000 });
    const stalled = budget.meter(body(6, 100, false)).getReader();
    for (let i = 0; i < 6; i++) await stalled.read();
    expect(budget.heldBytes).toBe(600);
    const refused = await readAll(budget.meter(body(5, 100, true)));
    expect(refused).toBeInstanceOf(BodyRefused);
    expect((refused as BodyRefused).status).toBe(503);
    expect((refused as BodyRefused).message).toMatch(/at most 0 MB of unfinished request bodies/);
    expect(budget.heldBytes).toBe(600);
    await stalled.cancel();
    expect(budget.heldBytes).toBe(0);
    // A finished body's bytes are no longer held, so bodies one after another never run out.
    for (let i = 0; i < 3; i++) expect(await readAll(budget.meter(body(9, 100, true)))).toBe(900);
    expect(budget.heldBytes).toBe(0);
  });

  it("refuses a body that stalls with 408 after the grace period, and gives its bytes back", async () => {
    const budget = createBodyBudget({ maxBytes: 1_000_000, minBytesPerSecond: 1_000, graceMs: 200 });
    const started = performance.now();
    const refused = await readAll(budget.meter(body(3, 1_000, false)));
    expect((refused as BodyRefused).status).toBe(408);
    expect((refused as BodyRefused).message).toMatch(/at least 1,000 bytes a second are needed after the first 0.2 s/);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(budget.heldBytes).toBe(0);
  });

  it("lets a body through that keeps its pace", async () => {
    const budget = createBodyBudget({ maxBytes: 1_000_000, minBytesPerSecond: 1_000, graceMs: 100 });
    let sent = 0;
    const steady = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent++ === 6) return controller.close();
        await new Promise((resolve) => setTimeout(resolve, 50));
        controller.enqueue(new Uint8Array(500));
      },
    });
    expect(await readAll(budget.meter(steady))).toBe(3_000);
  });
});
