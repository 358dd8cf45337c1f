// JSON text the site stores, carried to the answer as written. JSON.stringify can only print JavaScript values,
// which would round big numbers and reorder keys, so an answer holding stored JSON is printed with a placeholder
// where each JsonText goes, and the placeholders are then replaced by the texts.
import { randomUUID } from "node:crypto";

/** One JSON value's text, already checked (shared/stored-json.ts), to be sent exactly as it is. */
export class JsonText {
  readonly text: string;

  constructor(text: string) {
    this.text = text;
  }

  /** The value as JavaScript sees it, for server code that uses it (a host name, a key); never for an answer. */
  parse(): unknown {
    return JSON.parse(this.text);
  }
}

/** JSON.stringify, with every JsonText in `value` printed as its text. */
export function stringifyWithJsonText(value: unknown): string {
  // A fresh random marker per call: no text in the answer can hold it by chance or on purpose.
  const marker = randomUUID();
  const texts: string[] = [];
  const printed = JSON.stringify(value, (_key, member: unknown) => {
    if (!(member instanceof JsonText)) return member;
    texts.push(member.text);
    return `${marker}:${texts.length - 1}`;
  });
  if (texts.length === 0) return printed;
  return printed.replace(new RegExp(`"${marker}:(\\d+)"`, "g"), (_match, index: string) => texts[Number(index)]!);
}
