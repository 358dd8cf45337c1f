// Sizes of text in UTF-8 bytes, as the tools' limits count them, and the message for a text over its limit.

const nodeBuffer = (globalThis as { Buffer?: { byteLength(text: string, encoding: "utf8"): number } }).Buffer;

/** UTF-8 length of a string without allocating the encoded bytes (lone surrogates count as U+FFFD, 3 bytes). */
export function utf8ByteLength(text: string): number {
  // Node counts natively, several times faster than the loop; a lone surrogate is 3 bytes either way.
  return nodeBuffer ? nodeBuffer.byteLength(text, "utf8") : countUtf8Bytes(text);
}

/** The browsers' way (no Buffer there); exported for its test. */
export function countUtf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** "1.5 MB", "820 KB", "12 bytes": binary units, as the limits are. */
export function formatByteSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} byte${bytes === 1 ? "" : "s"}`;
}

/** Names the size and the limit, exactly, since "10 MB" and "10 MB" could otherwise be one byte apart. */
export function sizeLimitMessage(bytes: number, limitBytes: number, limitLabel: string): string {
  return (
    `The input is ${formatByteSize(bytes)} (${bytes.toLocaleString("en")} bytes); the ` +
    `limit is ${limitLabel} (${limitBytes.toLocaleString("en")} bytes).`
  );
}
