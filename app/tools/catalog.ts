// The developer tools, as the /tools index, the header's Tools menu and the tools' own pages list them.

export interface ToolEntry {
  to: string;
  title: string;
  /** One line: what the tool does and what sets it apart. */
  description: string;
}

export const TOOLS: readonly ToolEntry[] = [
  {
    to: "/tools/json-pretty-format",
    title: "JSON Pretty Formatter",
    description:
      "Format, minify and validate JSON without losing a digit: big numbers, key order and escapes stay as written; " +
      "errors point at the line and column.",
  },
  {
    to: "/tools/url-decode-encode",
    title: "URL Decoder & Encoder",
    description:
      "Percent-encode and decode text and URLs in five modes, with strict decoding that names each malformed " +
      "sequence, double-encoding layers and a breakdown of a URL's parts.",
  },
];
