import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import { JsonFormatSchema, UrlToolSchema } from "./tools";
import { MAX_JSON_INPUT_BYTES } from "../tools/json/limits";

function errorsOf(submission: { status?: string; error?: unknown }): Record<string, string[] | null> {
  return submission.status === "error" ? ((submission.error ?? {}) as Record<string, string[] | null>) : {};
}

function form(fields: Record<string, string>): FormData {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  return formData;
}

describe("JsonFormatSchema", () => {
  test("defaults: format, indent 2, no sorting, strict JSON; checkboxes post 'on'", () => {
    const submission = parseWithZod(form({ input: "[1]", sortKeys: "on" }), { schema: JsonFormatSchema });
    expect(submission.status === "success" && submission.value).toEqual({
      intent: "format",
      input: "[1]",
      indent: "2",
      sortKeys: true,
      jsonc: false,
    });
  });

  test("CRLF from the browser's form post counts as LF toward the 10 MB limit", () => {
    const lines = Math.floor(MAX_JSON_INPUT_BYTES / 4);
    const input = "[\r\n" + "1,\r\n".repeat(lines - 1) + "1]";
    const submission = parseWithZod(form({ input }), { schema: JsonFormatSchema });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value.input.includes("\r")).toBe(false);
  });

  test("over the limit, and unknown options, are refused with messages", () => {
    const submission = parseWithZod(form({ input: "x".repeat(MAX_JSON_INPUT_BYTES + 1), indent: "3" }), {
      schema: JsonFormatSchema,
    });
    expect(errorsOf(submission).input?.[0]).toMatch(/the limit is 10 MB/);
    expect(errorsOf(submission).indent?.[0]).toBe("Choose an indent: 2, 4, tab or minified.");
    expect(errorsOf(parseWithZod(form({}), { schema: JsonFormatSchema })).input).toEqual([
      "Paste some JSON to format.",
    ]);
  });
});

describe("UrlToolSchema", () => {
  test("defaults and the 1 MB limit", () => {
    const submission = parseWithZod(form({ intent: "decode", input: "a%20b", plusAsSpace: "on" }), {
      schema: UrlToolSchema,
    });
    expect(submission.status === "success" && submission.value).toEqual({
      intent: "decode",
      direction: "encode",
      input: "a%20b",
      mode: "component",
      plusAsSpace: true,
      lineMode: false,
      lineEnding: "lf",
    });
    const tooLarge = parseWithZod(form({ intent: "encode", input: "x".repeat(1024 * 1024 + 1) }), {
      schema: UrlToolSchema,
    });
    expect(errorsOf(tooLarge).input?.[0]).toMatch(/the limit is 1 MB/);
    expect(errorsOf(parseWithZod(form({ intent: "nope", input: "x" }), { schema: UrlToolSchema })).intent).toEqual([
      "Choose Encode, Decode or Swap.",
    ]);
  });
});
