// Modes, options and limits of the URL decoder & encoder, shared by the page, the server action and the engine.
// Kept free of zod and React so the browser bundle stays small.

/** Largest input, in UTF-8 bytes. Percent-encoding grows text up to nine times, so this keeps pages reasonable. */
export const MAX_URL_INPUT_BYTES = 1024 * 1024;
export const MAX_URL_INPUT_LABEL = "1 MB";

/** Errors listed at most; the total is still counted. */
export const MAX_URL_ERRORS = 20;
/** Decoding layers shown at most for double-encoded input. */
export const MAX_DECODE_LAYERS = 6;

export const ENCODE_MODES = ["component", "uri", "form", "rfc3986", "alphanumeric"] as const;
export type EncodeMode = (typeof ENCODE_MODES)[number];

export const ENCODE_MODE_INFO: Record<EncodeMode, { label: string; legend: string }> = {
  component: {
    label: "Component (encodeURIComponent)",
    legend: "Keeps A–Z a–z 0–9 - _ . ! ~ * ' ( ) — for one query value or path segment.",
  },
  uri: {
    label: "Full URI (encodeURI)",
    legend: "Also keeps ; , / ? : @ & = + $ # so a whole URL stays a URL; encodes spaces, % and non-ASCII.",
  },
  form: {
    label: "Form (space as +)",
    legend:
      "Keeps A–Z a–z 0–9 * - . _ and writes a space as + — what HTML forms send (application/x-www-form-urlencoded).",
  },
  rfc3986: {
    label: "Strict RFC 3986",
    legend: "Keeps only the unreserved A–Z a–z 0–9 - . _ ~ — also encodes ! ' ( ) *.",
  },
  alphanumeric: {
    label: "Everything except letters and digits",
    legend: "Keeps only A–Z a–z 0–9; every other character is percent-encoded.",
  },
};

export const DIRECTIONS = ["encode", "decode"] as const;
export type Direction = (typeof DIRECTIONS)[number];

export const LINE_ENDINGS = ["lf", "crlf"] as const;
export type LineEnding = (typeof LINE_ENDINGS)[number];

export interface UrlToolOptions {
  direction: Direction;
  mode: EncodeMode;
  /** Decode "+" as a space (form data and query strings); off by default, as in decodeURIComponent. */
  plusAsSpace: boolean;
  /** Encode or decode each line on its own. */
  lineMode: boolean;
  /** Line breaks in the input become this before encoding, so a posted CRLF does not turn into %0D%0A unasked. */
  lineEnding: LineEnding;
}

export const DEFAULT_URL_OPTIONS: UrlToolOptions = {
  direction: "encode",
  mode: "component",
  plusAsSpace: false,
  lineMode: false,
  lineEnding: "lf",
};
