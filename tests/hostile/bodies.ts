// Hostile request bodies for the property-based suite. fast-check generates small recipes (what kind of attack,
// how large, aimed at which field), so a failing case prints readably; `materialize` turns a recipe into bytes.
import fc from "fast-check";
import { deepArrays, deepObjects, multipart } from "./support.ts";

type Encoding = "urlencoded" | "multipart" | "json" | "text";

/** A field's name and value as bytes; `json` is inserted unquoted into a JSON body (and as text into a form). */
type Value = Buffer | { json: string };
type Field = [Buffer, Value];

export interface Aim {
  /** Encodings the target expects: urlencoded and multipart for page actions, json for /api. */
  encodings: Encoding[];
  /** Content types it does not expect, for the wrong-content-type cases. */
  wrongTypes: string[];
  /** Real field names of the target (the form's, or the JSON schema's properties), each with plausible values. */
  fields: Record<string, string[]>;
  /** The values are JSON text (an /api schema's), inserted as they are. */
  valuesAreJson?: boolean;
}

/**
 * Odd text: lone surrogates, direction overrides, full-width look-alikes, invalid UTF-8, NUL. Raw bytes, sent as is.
 */
const ODD_TEXT: { label: string; bytes: Buffer; jsonEscape?: string }[] = [
  { label: "lone high surrogate", bytes: Buffer.from([0xed, 0xa0, 0x80]), jsonEscape: "\\ud800" },
  { label: "lone low surrogate", bytes: Buffer.from([0xed, 0xbf, 0xbf]), jsonEscape: "\\udfff" },
  {
    label: "reversed surrogate pair",
    bytes: Buffer.from([0xed, 0xbf, 0xbf, 0xed, 0xa0, 0x80]),
    jsonEscape: "\\udfff\\ud800",
  },
  {
    label: "right-to-left override",
    bytes: Buffer.from("\u202Egnp.exe\u202C \u05e9\u05dc\u05d5\u05dd \u0645\u0631\u062d\u0628\u0627"),
  },
  {
    label: "full-width look-alikes",
    bytes: Buffer.from("／。evil.example ＜script＞ ａｄｍｉｎ＠ｅｘａｍｐｌｅ．ｃｏｍ"),
  },
  { label: "zero-width and BOM", bytes: Buffer.from("\uFEFFa\u200Bd\u200Dm\u2060in\uFEFF") },
  { label: "combining marks", bytes: Buffer.from("e" + "\u0301".repeat(20_000)) },
  { label: "noncharacters", bytes: Buffer.from("\uFFFE\uFFFF\u{10FFFF}") },
  {
    label: "invalid UTF-8",
    bytes: Buffer.from([0xff, 0xfe, 0xc0, 0xaf, 0xe0, 0x80, 0xaf, 0xf8, 0x88, 0x80, 0x80, 0x80]),
  },
  { label: "NUL", bytes: Buffer.from("a\0b\0"), jsonEscape: "a\\u0000b" },
  { label: "NUL only", bytes: Buffer.from([0]) },
  { label: "control characters", bytes: Buffer.from("\x01\x07\x08\x1b[31m\r\n\x7f") },
];

type Recipe =
  | { kind: "oversize"; encoding: Encoding; field: string; bytes: number }
  | {
      kind: "deep value";
      encoding: Encoding;
      field: string;
      depth: number;
      shape: "arrays" | "objects";
      wholeBody: boolean;
    }
  | { kind: "deep field name"; encoding: Encoding; depth: number; style: "brackets" | "dots" }
  | { kind: "wide value"; encoding: Encoding; field: string; count: number; shape: "object" | "array" }
  | { kind: "many fields"; encoding: Encoding; count: number }
  | { kind: "repeated field name"; encoding: Encoding; field: string; count: number }
  | { kind: "huge array index"; encoding: Encoding; field: string; index: string; suffix: string }
  | { kind: "long field name"; encoding: Encoding; length: number }
  | { kind: "wrong content type"; contentType: string }
  | { kind: "odd unicode"; encoding: Encoding; field: string; text: string; inName: boolean; escaped: boolean };

export interface Case {
  recipe: Recipe;
  valuesAreJson: boolean;
  /** The target's own fields with plausible values, so a body can get past "required" checks to deeper code. */
  base: Record<string, string>;
}

export function caseArbitrary(aim: Aim): fc.Arbitrary<Case> {
  const names = Object.keys(aim.fields);
  const field = names.length ? fc.constantFrom(...names) : fc.constant("value");
  const encoding = fc.constantFrom(...aim.encodings);
  const recipe: fc.Arbitrary<Recipe> = fc.oneof(
    fc.record({
      kind: fc.constant("oversize" as const),
      encoding,
      field,
      // Around the limits: /api 1 MiB, the pages' 2 MiB, the JSON tool's 10 MB input, the tools' pages' 11 MiB.
      bytes: fc.constantFrom(1_048_000, 1_100_000, 2_000_000, 2_200_000, 10_100_000, 11_600_000, 12_000_000),
    }),
    fc.record({
      kind: fc.constant("deep value" as const),
      encoding,
      field,
      depth: fc.oneof(fc.integer({ min: 1_000, max: 100_000 }), fc.constantFrom(1_000_000, 4_000_000)),
      shape: fc.constantFrom("arrays" as const, "objects" as const),
      wholeBody: fc.boolean(),
    }),
    fc.record({
      kind: fc.constant("deep field name" as const),
      encoding,
      depth: fc.integer({ min: 100, max: 100_000 }),
      style: fc.constantFrom("brackets" as const, "dots" as const),
    }),
    fc.record({
      kind: fc.constant("wide value" as const),
      encoding,
      field,
      count: fc.integer({ min: 1_000, max: 400_000 }),
      shape: fc.constantFrom("object" as const, "array" as const),
    }),
    fc.record({ kind: fc.constant("many fields" as const), encoding, count: fc.integer({ min: 1_000, max: 100_000 }) }),
    fc.record({
      kind: fc.constant("repeated field name" as const),
      encoding,
      field,
      count: fc.integer({ min: 1_000, max: 100_000 }),
    }),
    fc.record({
      kind: fc.constant("huge array index" as const),
      encoding,
      field,
      index: fc.oneof(
        fc.constantFrom("99999999", "4294967295", "9007199254740993", "-1", "1e9"),
        fc.bigInt({ min: 10_000n, max: 10n ** 30n }).map(String),
      ),
      suffix: fc.constantFrom("", "[0]", ".x", "[99999999]"),
    }),
    fc.record({
      kind: fc.constant("long field name" as const),
      encoding,
      length: fc.integer({ min: 10_000, max: 1_000_000 }),
    }),
    fc.record({ kind: fc.constant("wrong content type" as const), contentType: fc.constantFrom(...aim.wrongTypes) }),
    fc.record({
      kind: fc.constant("odd unicode" as const),
      encoding,
      field,
      text: fc.constantFrom(...ODD_TEXT.map((t) => t.label)),
      inName: fc.boolean(),
      escaped: fc.boolean(),
    }),
  );
  const base = fc.record(
    Object.fromEntries(
      Object.entries(aim.fields).map(([name, values]) => [
        name,
        values.length ? fc.constantFrom(...values) : fc.constant("1"),
      ]),
    ),
  );
  return fc.record({ recipe, base, valuesAreJson: fc.constant(Boolean(aim.valuesAreJson)) }) as fc.Arbitrary<Case>;
}

/** A short description of a case (the recipe, not its megabytes). */
export function describe(testCase: Case): string {
  return JSON.stringify({ ...testCase.recipe, base: testCase.base });
}

const text = (value: string) => Buffer.from(value);

export function materialize({ recipe, base, valuesAreJson }: Case): { contentType: string; body: Buffer } {
  const baseFields = (except: string[] = []): Field[] =>
    Object.entries(base)
      .filter(([name]) => !except.includes(name))
      .map(([name, value]) => [text(name), valuesAreJson ? { json: value } : text(value)]);
  let fields: Field[];
  switch (recipe.kind) {
    case "oversize":
      fields = [...baseFields([recipe.field]), [text(recipe.field), Buffer.alloc(recipe.bytes, "a")]];
      break;
    case "deep value": {
      const deep = recipe.shape === "arrays" ? deepArrays(recipe.depth) : deepObjects(recipe.depth);
      if (recipe.wholeBody && recipe.encoding === "json") return { contentType: "application/json", body: text(deep) };
      fields = [...baseFields([recipe.field]), [text(recipe.field), { json: deep }]];
      break;
    }
    case "deep field name": {
      const name = recipe.style === "brackets" ? "a" + "[a]".repeat(recipe.depth) : "a" + ".a".repeat(recipe.depth);
      fields = [...baseFields(), [text(name), text("1")]];
      break;
    }
    case "wide value": {
      const wide =
        recipe.shape === "array"
          ? `[${"0,".repeat(recipe.count - 1)}0]`
          : `{${Array.from({ length: recipe.count }, (_, i) => `"k${i}":0`).join(",")}}`;
      fields = [...baseFields([recipe.field]), [text(recipe.field), { json: wide }]];
      break;
    }
    case "many fields":
      fields = [...baseFields(), ...Array.from({ length: recipe.count }, (_, i): Field => [text(`f${i}`), text("")])];
      break;
    case "repeated field name":
      fields = [
        ...baseFields([recipe.field]),
        ...Array.from({ length: recipe.count }, (): Field => [text(recipe.field), text("")]),
      ];
      break;
    case "huge array index":
      fields = [...baseFields(), [text(`${recipe.field}[${recipe.index}]${recipe.suffix}`), text("1")]];
      break;
    case "long field name":
      fields = [...baseFields(), [Buffer.alloc(recipe.length, "n"), text("1")]];
      break;
    case "wrong content type":
      // The body is written as its header says (a real JSON body to a page action), except where the header lies.
      return { contentType: recipe.contentType, body: encode(encodingOf(recipe.contentType), baseFields()).body };
    case "odd unicode": {
      const odd = ODD_TEXT.find((t) => t.label === recipe.text)!;
      const value: Value =
        recipe.escaped && odd.jsonEscape && recipe.encoding === "json" ? { json: `"${odd.jsonEscape}"` } : odd.bytes;
      fields = recipe.inName
        ? [...baseFields(), [Buffer.concat([text(recipe.field), odd.bytes]), text("1")]]
        : [...baseFields([recipe.field]), [text(recipe.field), value]];
      break;
    }
  }
  return encode(recipe.encoding, fields);
}

/** Content types a page action does not take, and those an /api operation does not take. */
export const WRONG_TYPES_FOR_PAGES = [
  "text/plain",
  "application/json",
  "application/xml",
  "multipart/form-data",
  "application/octet-stream",
  "",
];
export const WRONG_TYPES_FOR_API = [
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=----hostilexxxxxxxxxxxxxxxx",
  "text/plain",
  "application/json; charset=utf-16",
  "application/octet-stream",
  "",
];

function encodingOf(contentType: string): Encoding {
  if (contentType.startsWith("application/x-www-form-urlencoded")) return "urlencoded";
  if (contentType.startsWith("multipart/")) return "multipart";
  if (/json/.test(contentType)) return "json";
  return "text";
}

function asBytes(value: Value): Buffer {
  return Buffer.isBuffer(value) ? value : text(value.json);
}

/** Percent-encodes every byte but the unreserved ones, so invalid UTF-8 arrives as sent. */
function percentEncode(bytes: Buffer): string {
  let out = "";
  for (const byte of bytes) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** A JSON string literal that keeps non-ASCII bytes raw (invalid UTF-8 included) and escapes only what JSON must. */
function jsonStringBytes(bytes: Buffer): Buffer {
  const out: number[] = [0x22];
  for (const byte of bytes) {
    if (byte === 0x22 || byte === 0x5c) out.push(0x5c, byte);
    else if (byte < 0x20) out.push(...text(`\\u${byte.toString(16).padStart(4, "0")}`));
    else out.push(byte);
  }
  out.push(0x22);
  return Buffer.from(out);
}

function encode(encoding: Encoding, fields: Field[]): { contentType: string; body: Buffer } {
  switch (encoding) {
    case "urlencoded":
      return {
        contentType: "application/x-www-form-urlencoded",
        body: text(fields.map(([name, value]) => `${percentEncode(name)}=${percentEncode(asBytes(value))}`).join("&")),
      };
    case "multipart":
      return multipart(fields.map(([name, value]) => [name, asBytes(value)]));
    case "text":
      return {
        contentType: "text/plain",
        body: Buffer.concat(fields.flatMap(([name, value]) => [name, text("="), asBytes(value), text("\r\n")])),
      };
    case "json": {
      // Built as text so repeated names stay repeated and raw bytes stay raw.
      const parts: Buffer[] = [text("{")];
      fields.forEach(([name, value], i) => {
        if (i > 0) parts.push(text(","));
        parts.push(
          jsonStringBytes(name),
          text(":"),
          Buffer.isBuffer(value) ? jsonStringBytes(value) : text(value.json),
        );
      });
      parts.push(text("}"));
      return { contentType: "application/json", body: Buffer.concat(parts) };
    }
  }
}
