import { describe, expect, test } from "vitest";
import { formatJson } from "#shared/tools/json/engine.ts";
import { DEFAULT_JSON_OPTIONS, WORKER_THRESHOLD_BYTES } from "#shared/tools/json/limits.ts";
import { formatJsonOnServer } from "./format-json.server";

/** About 4 MB of objects: seconds of parsing and printing on a busy machine. */
const large = JSON.stringify(
  Array.from({ length: 40_000 }, (_, id) => ({ id, name: `item ${id}`, value: id * 1.5, tags: ["a", "b"] })),
);

/** The longest the event loop was held while `work` ran, in milliseconds: the longest gap between ticks of a timer. */
async function longestStall(work: () => Promise<unknown>): Promise<number> {
  const tick = () => new Promise((resolve) => setTimeout(resolve, 20));
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  await tick();
  longest = 0;
  await work();
  await tick();
  clearInterval(timer);
  return longest;
}

describe("the JSON tool's formatting on the server", () => {
  test("a large input is formatted off the event loop, with the same answer as in place", async () => {
    const options = { ...DEFAULT_JSON_OPTIONS, sortKeys: true };
    expect(large.length).toBeGreaterThan(WORKER_THRESHOLD_BYTES);
    await formatJsonOnServer(large, options, { previewChars: 1000 }); // the thread's start is not the point
    const inPlaceStarted = performance.now();
    const inPlace = formatJson(large, options, { previewChars: 1000 });
    const inPlaceMs = performance.now() - inPlaceStarted;

    let result: Awaited<ReturnType<typeof formatJsonOnServer>> | undefined;
    const stallMs = await longestStall(async () => {
      result = await formatJsonOnServer(large, options, { previewChars: 1000 });
    });
    expect(result).toEqual(inPlace);
    // In place, the loop is held for the whole format; on the thread only for copying the input and the answer.
    expect(stallMs).toBeLessThan(inPlaceMs / 3);
  });

  test("a small input, and one with a syntax error, come back as the engine gives them", async () => {
    for (const input of ['{"b":1,"a":[1.50,2]}', '{"a": tru}', "x".repeat(WORKER_THRESHOLD_BYTES + 1)]) {
      expect(await formatJsonOnServer(input, DEFAULT_JSON_OPTIONS, {})).toEqual(
        formatJson(input, DEFAULT_JSON_OPTIONS, {}),
      );
    }
  });

  test("past 16 large inputs waiting for the thread, the next is refused with a 503 that names the limit", async () => {
    const input = JSON.stringify(Array.from({ length: 20_000 }, (_, id) => ({ id })));
    expect(input.length).toBeGreaterThan(WORKER_THRESHOLD_BYTES);
    const settled = await Promise.allSettled(
      Array.from({ length: 18 }, () => formatJsonOnServer(input, DEFAULT_JSON_OPTIONS, { previewChars: 10 })),
    );
    const refused = settled.flatMap((outcome) => (outcome.status === "rejected" ? [outcome.reason] : []));
    expect(settled.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(16);
    expect(refused).toHaveLength(2);
    for (const reason of refused) {
      expect(reason).toMatchObject({ init: { status: 503 } });
      expect(String(reason.data)).toContain("16 large inputs");
    }
  });
});
