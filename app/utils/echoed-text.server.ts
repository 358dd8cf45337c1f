// Puts echoed texts into the HTML stream in place of their placeholders (see echoed-text.tsx).
import { pipeline, Transform, type Readable, type TransformCallback } from "node:stream";
import { echoedTextPlaceholder } from "./echoed-text";

/**
 * Text as the content of a textarea: only `&` and `<` need escaping there (RCDATA), and the parser drops one line
 * break right after `<textarea>`, so a text that starts with one gets another in front.
 */
export function escapeTextareaText(text: string): string {
  const escaped = text.replace(/[&<]/g, (char) => (char === "&" ? "&amp;" : "&lt;"));
  return text.startsWith("\n") || text.startsWith("\r") ? `\n${escaped}` : escaped;
}

/** A stream that copies HTML through, writing each text (escaped for a textarea) where its placeholder was. */
export function spliceEchoedTexts(texts: ReadonlyMap<string, string>, marker: string): Transform {
  const replacements = new Map<string, string>();
  for (const [id, text] of texts) replacements.set(echoedTextPlaceholder(marker, id), text);
  const start = Buffer.from(marker, "latin1");
  if (start.length < 16) throw new Error("spliceEchoedTexts needs the request's random marker");
  let carry: Buffer = Buffer.alloc(0);

  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      const data = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      let from = 0;
      for (;;) {
        const at = data.indexOf(start, from);
        // No placeholder starts here: keep back the bytes that could be the start of one split across chunks.
        if (at < 0) {
          const keep = Math.min(data.length - from, start.length - 1);
          if (data.length - keep > from) this.push(data.subarray(from, data.length - keep));
          carry = Buffer.from(data.subarray(data.length - keep));
          break;
        }
        const end = data.indexOf(start, at + start.length);
        if (end < 0) {
          // The placeholder's closing marker is in a later chunk.
          if (at > from) this.push(data.subarray(from, at));
          carry = Buffer.from(data.subarray(at));
          break;
        }
        const placeholder = data.toString("latin1", at, end + start.length);
        const text = replacements.get(placeholder);
        if (text === undefined) {
          // The marker is random per request, so this is not ours: copy it through.
          this.push(data.subarray(from, at + start.length));
          from = at + start.length;
          continue;
        }
        if (at > from) this.push(data.subarray(from, at));
        this.push(Buffer.from(escapeTextareaText(text), "utf8"));
        from = end + start.length;
      }
      done();
    },
    flush(done: TransformCallback) {
      if (carry.length) this.push(carry);
      done();
    },
  });
}

/**
 * The page's HTML stream with the echoed texts in place, joined with `pipeline` so a visitor who leaves mid-answer
 * ends the render's stream too. Once the render has ended, `pipeline` is done and drops its listeners, but the page
 * may still be on its way out; if the visitor leaves then, React Router's stream adapter destroys the splicer and
 * drops its own 'error' listener before the error is emitted (remix-run/react-router#15364). The splicer's own
 * listener keeps that error from taking the process down.
 */
export function withEchoedTexts(html: Readable, texts: ReadonlyMap<string, string>, marker: string): Readable {
  const spliced = spliceEchoedTexts(texts, marker);
  pipeline(html, spliced, () => {
    // The visitor left: nothing more to send.
  });
  spliced.on("error", () => {});
  return spliced;
}
