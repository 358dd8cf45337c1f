import { EventEmitter } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiApp } from "../api/app";
import { createApiHarness, type ApiHarness } from "#tests/support/api-harness.ts";
import { createAdmission, isRefusal, releaseWhenSent, type DelayGauge, type Ticket } from "./admission";

const calm: DelayGauge = { recentMs: () => 0, stop() {} };
const settings = { perClient: 2, maxInFlight: 3, maxEventLoopDelayMs: 100 };

function admitted(outcome: ReturnType<ReturnType<typeof createAdmission>["enter"]>): Ticket {
  if (isRefusal(outcome)) throw new Error(`refused: ${outcome.status} ${outcome.message}`);
  return outcome;
}

describe("admission", () => {
  it("gives one address its share, then 429 naming the limit, and the share comes back on release", () => {
    const admission = createAdmission(settings, calm);
    const first = admitted(admission.enter("10.0.0.1"));
    admitted(admission.enter("10.0.0.1"));
    const refused = admission.enter("10.0.0.1");
    expect(refused).toMatchObject({ status: 429, retryAfterSeconds: 1 });
    expect(isRefusal(refused) && refused.message).toMatch(/at most 2 pages, exports or posts/);
    // Another address still has its own share.
    admitted(admission.enter("10.0.0.2"));
    first.release();
    first.release(); // twice gives back one place, not two
    admitted(admission.enter("10.0.0.1"));
    expect(admission.stats.inFlight).toBe(3);
  });

  it("answers 503 past the worker's in-flight budget, whoever asks", () => {
    const admission = createAdmission(settings, calm);
    for (const client of ["a", "b", "c"]) admitted(admission.enter(client));
    const refused = admission.enter("d");
    expect(refused).toMatchObject({ status: 503, retryAfterSeconds: 2 });
    expect(isRefusal(refused) && refused.message).toMatch(/at most 3 pages, exports or posts at once/);
  });

  it("answers 503 while the event loop runs behind, except to a stored page's refresh", () => {
    let delay = 250;
    const admission = createAdmission(settings, { recentMs: () => delay, stop() {} });
    const refused = admission.enter("a");
    expect(refused).toMatchObject({ status: 503 });
    expect(isRefusal(refused) && refused.message).toMatch(/running 250 ms behind \(the limit is 100 ms\)/);
    admitted(admission.enter("a", { refresh: true })).release();
    delay = 20;
    admitted(admission.enter("a"));
    // 0 turns the delay check off.
    delay = 10_000;
    admitted(createAdmission({ ...settings, maxEventLoopDelayMs: 0 }, { recentMs: () => delay, stop() {} }).enter("a"));
  });

  it("keeps a ticket until node's response closes, and at once without one", () => {
    const admission = createAdmission(settings, calm);
    const outgoing = new EventEmitter();
    const after = releaseWhenSent({ outgoing }, admitted(admission.enter("a")));
    after();
    expect(admission.stats.inFlight).toBe(1);
    outgoing.emit("close");
    expect(admission.stats.inFlight).toBe(0);
    releaseWhenSent(undefined, admitted(admission.enter("a")))();
    expect(admission.stats.inFlight).toBe(0);
  });
});

describe("admission on /api's expensive routes", () => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await createApiHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it("refuses an export past the client's share until the earlier answers have been sent; health never", async () => {
    const admission = createAdmission({ perClient: 1, maxInFlight: 10, maxEventLoopDelayMs: 0 }, calm);
    const api = createApiApp({ db: h.database.db, admission });
    const outgoing = new EventEmitter();
    const call = (path: string, env: object = { outgoing: new EventEmitter() }) =>
      api.fetch(new Request(`http://localhost/api${path}`), env);
    const first = await call("/camera/reports/export.csv", { outgoing });
    expect(first.status).toBe(200);
    const refused = await call("/camera/reports/export.json");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/at most 1 pages, exports or posts/);
    expect((await call("/camera/stats")).status).toBe(429);
    expect((await call("/health")).status).toBe(200);
    // A page's own in-process call (its address bound) runs inside the page's admitted render.
    expect((await call("/camera/reports/export.csv", { clientIp: "unknown" })).status).toBe(200);
    await first.body?.cancel();
    outgoing.emit("close");
    expect((await call("/camera/reports/export.json")).status).toBe(200);
  });
});
