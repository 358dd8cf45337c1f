// The worker's side of the page protocol, run in Node with a stand-in for the worker's global scope.
import { beforeAll, describe, expect, test } from "vitest";
import { DEFAULT_JSON_OPTIONS } from "#shared/tools/json/limits.ts";
import { OUTPUT_PREVIEW_CHARS } from "#shared/tools/json/output-preview.ts";
import type { JsonWorkerReply, JsonWorkerRequest } from "./json.worker";

const replies: JsonWorkerReply[] = [];
const scope = {
  onmessage: null as ((event: { data: JsonWorkerRequest }) => void) | null,
  postMessage: (message: JsonWorkerReply) => replies.push(message),
};

function send(request: JsonWorkerRequest): JsonWorkerReply | undefined {
  const before = replies.length;
  scope.onmessage!({ data: request });
  return replies.length > before ? replies.at(-1) : undefined;
}

beforeAll(async () => {
  Object.assign(globalThis, { self: scope });
  await import("./json.worker");
});

describe("json.worker", () => {
  test("joins the input's parts, even where a part ends inside a surrogate pair", () => {
    const input = '{"face": "😀", "n": 12345678901234567890}';
    const cut = input.indexOf("😀") + 1;
    expect(send({ kind: "input-part", id: 1, text: input.slice(0, cut) })).toBeUndefined();
    send({ kind: "input-part", id: 1, text: input.slice(cut) });
    const reply = send({ kind: "format", id: 1, options: DEFAULT_JSON_OPTIONS });
    expect(reply).toMatchObject({ kind: "result", id: 1, wholeOutputKept: false });
    expect(reply?.kind === "result" && reply.result.output).toBe('{\n  "face": "😀",\n  "n": 12345678901234567890\n}');
  });

  test("parts of an older request are dropped when a newer one starts", () => {
    send({ kind: "input-part", id: 2, text: '{"old": ' });
    send({ kind: "input-part", id: 3, text: "[1, 2]" });
    const reply = send({ kind: "format", id: 3, options: DEFAULT_JSON_OPTIONS });
    expect(reply?.kind === "result" && reply.result.output).toBe("[\n  1,\n  2\n]");
  });

  test("a long output: the reply carries its start; the whole stays for Copy (text) and Download (Blob)", async () => {
    const input = JSON.stringify(Array.from({ length: 5_000 }, (_, i) => `value ${i} ü`));
    send({ kind: "input-part", id: 4, text: input });
    const reply = send({ kind: "format", id: 4, options: DEFAULT_JSON_OPTIONS });
    if (reply?.kind !== "result") throw new Error("no result");
    expect(reply.wholeOutputKept).toBe(true);
    expect(reply.result.outputCut).toBe(true);
    expect(reply.result.output.length).toBeLessThanOrEqual(OUTPUT_PREVIEW_CHARS);

    const whole = JSON.stringify(JSON.parse(input), null, 2);
    const text = send({ kind: "whole-output", id: 4, ask: 1, as: "text" });
    expect(text).toEqual({ kind: "whole-output", ask: 1, value: whole });
    expect(whole.startsWith(reply.result.output)).toBe(true);
    expect(reply.result.outputBytes).toBe(Buffer.byteLength(whole));

    const blob = send({ kind: "whole-output", id: 4, ask: 2, as: "blob", type: "application/json" });
    const value = blob?.kind === "whole-output" ? blob.value : null;
    if (!(value instanceof Blob)) throw new Error("no Blob");
    expect(value.type).toBe("application/json");
    expect(await value.text()).toBe(whole);
  });

  test("a newer input replaces the kept text: asking for the older one gets nothing", () => {
    send({ kind: "input-part", id: 5, text: "[true]" });
    send({ kind: "format", id: 5, options: DEFAULT_JSON_OPTIONS });
    expect(send({ kind: "whole-output", id: 4, ask: 3, as: "text" })).toEqual({
      kind: "whole-output",
      ask: 3,
      value: null,
    });
  });
});
