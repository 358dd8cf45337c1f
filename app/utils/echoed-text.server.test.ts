import { PassThrough, Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { createReadableStreamFromReadable } from "@react-router/node";
import { describe, expect, test } from "vitest";
import { echoedTextPlaceholder } from "./echoed-text";
import { escapeTextareaText, spliceEchoedTexts, withEchoedTexts } from "./echoed-text.server";

const MARKER = "3f9c0d1e5a7b2c4d6e8f0a1b2c3d4e5f";

async function splice(html: string, texts: Record<string, string>, chunkSize: number): Promise<string> {
  const bytes = Buffer.from(html, "utf8");
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += chunkSize) chunks.push(bytes.subarray(at, at + chunkSize));
  return text(Readable.from(chunks).pipe(spliceEchoedTexts(new Map(Object.entries(texts)), MARKER)));
}

describe("escapeTextareaText", () => {
  test("escapes only what a textarea needs, so a closing tag in the text stays text", () => {
    expect(escapeTextareaText(`{"a": "<b> & </textarea><script>x</script> 'q' é"}`)).toBe(
      `{"a": "&lt;b> &amp; &lt;/textarea>&lt;script>x&lt;/script> 'q' é"}`,
    );
  });

  test("keeps a leading line break, which the HTML parser would drop", () => {
    expect(escapeTextareaText("\n[1]")).toBe("\n\n[1]");
    expect(escapeTextareaText("\r\n[1]")).toBe("\n\r\n[1]");
    expect(escapeTextareaText("[1]\n")).toBe("[1]\n");
  });
});

describe("spliceEchoedTexts", () => {
  const input = `{"name": "naïve ✓ 😀", "html": "</textarea><b>&amp;</b>"}`;
  const page = (placeholderA: string, placeholderB: string) =>
    `<!DOCTYPE html><p>é ✓</p><textarea ` +
    `id="json-input">${placeholderA}</textarea><textarea ` +
    `id="other">${placeholderB}</textarea><p>end</p>`;
  const rendered = page(echoedTextPlaceholder(MARKER, "json-input"), echoedTextPlaceholder(MARKER, "other"));
  const expected = page(escapeTextareaText(input), escapeTextareaText("second & last"));

  test("puts each text in place of its placeholder, however the stream is cut into chunks", async () => {
    for (let chunkSize = 1; chunkSize <= rendered.length + 1; chunkSize++) {
      expect(
        await splice(rendered, { "json-input": input, other: "second & last" }, chunkSize),
        `chunks of ${chunkSize} bytes`,
      ).toBe(expected);
    }
  });

  test("placeholders are hex digits only (React leaves them as they are), one per id", () => {
    const ids = ["json-input", "jsoninput", "json_input", "ab", "a-b"];
    const placeholders = ids.map((id) => echoedTextPlaceholder(MARKER, id));
    for (const placeholder of placeholders) expect(placeholder).toMatch(/^[0-9a-f]+$/);
    expect(new Set(placeholders).size).toBe(ids.length);
  });

  test("a page without placeholders passes through unchanged, also text that looks like the marker", async () => {
    const html = `<p>${MARKER.slice(0, 20)}</p><p>${MARKER}other${MARKER}</p>`;
    for (const chunkSize of [1, 7, 64, 4096]) expect(await splice(html, { "json-input": input }, chunkSize)).toBe(html);
  });
});

describe("withEchoedTexts", () => {
  test(
    "a visitor who leaves after the render ended, while the page is " + "still being sent, causes no unhandled error",
    async () => {
      const html = new PassThrough();
      const sent = withEchoedTexts(html, new Map([["json-input", "x".repeat(1_000_000)]]), MARKER);
      const uncaught: unknown[] = [];
      const onUncaught = (error: unknown) => uncaught.push(error);
      process.on("uncaughtException", onUncaught);
      try {
        // As the server answers: React Router's adapter reads the page, a little at a time.
        const reader = createReadableStreamFromReadable(sent).getReader();
        html.end(`<textarea>${echoedTextPlaceholder(MARKER, "json-input")}</textarea>`);
        await reader.read();
        await new Promise((resolve) => setTimeout(resolve, 20));
        // What the response does when the connection closes (compression turns it into an AbortError).
        await reader.cancel(new DOMException("The operation was aborted", "AbortError"));
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(uncaught).toEqual([]);
        expect(sent.destroyed).toBe(true);
      } finally {
        process.off("uncaughtException", onUncaught);
      }
    },
  );
});
