// The developer tools' forms (/tools/json-pretty-format/, /tools/url-decode-encode/). The server action
// parses posts with these; the browser runs the engines directly and never loads zod (public-page JS budget).
import { z } from "zod";
import { JSON_INDENTS, MAX_JSON_INPUT_BYTES, tooLargeMessage } from "../tools/json/limits";
import { sizeLimitMessage, utf8ByteLength } from "../tools/text-size";
import { DIRECTIONS, ENCODE_MODES, LINE_ENDINGS, MAX_URL_INPUT_BYTES, MAX_URL_INPUT_LABEL } from "../tools/url/options";

export const JsonFormatSchema = z.object({
  intent: z.enum(["format", "download"]).default("format"),
  input: z
    .string({ error: "Paste some JSON to format." })
    // Browsers post textarea line breaks as CRLF; JSON treats both alike, and the limit should not depend on it.
    .overwrite((value) => value.replace(/\r\n/g, "\n"))
    .superRefine((value, ctx) => {
      const bytes = utf8ByteLength(value);
      if (bytes > MAX_JSON_INPUT_BYTES) ctx.addIssue({ code: "custom", message: tooLargeMessage(bytes) });
    }),
  indent: z.enum(JSON_INDENTS, { error: "Choose an indent: 2, 4, tab or minified." }).default("2"),
  sortKeys: z.boolean().default(false),
  jsonc: z.boolean().default(false),
});

export const UrlToolSchema = z.object({
  intent: z.enum(["encode", "decode", "swap"], { error: "Choose Encode, Decode or Swap." }),
  /** The direction of the result on screen; Swap reverses it. */
  direction: z.enum(DIRECTIONS).default("encode"),
  input: z.string({ error: "Type or paste the text to encode or decode." }).superRefine((value, ctx) => {
    const bytes = utf8ByteLength(value);
    if (bytes > MAX_URL_INPUT_BYTES)
      ctx.addIssue({ code: "custom", message: sizeLimitMessage(bytes, MAX_URL_INPUT_BYTES, MAX_URL_INPUT_LABEL) });
  }),
  mode: z.enum(ENCODE_MODES, { error: "Choose an encoding mode." }).default("component"),
  plusAsSpace: z.boolean().default(false),
  lineMode: z.boolean().default(false),
  lineEnding: z.enum(LINE_ENDINGS, { error: "Choose LF or CRLF." }).default("lf"),
});
