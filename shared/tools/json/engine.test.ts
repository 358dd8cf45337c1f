import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { describeRemovals } from "./describe";
import { formatJson } from "./engine";
import { parseJson } from "./parse";
import { MAX_JSON_DEPTH, MAX_JSON_INPUT_BYTES, type JsonFormatOptions } from "./limits";

const PRETTY: JsonFormatOptions = { indent: "2", sortKeys: false, jsonc: false };
const MINIFIED: JsonFormatOptions = { ...PRETTY, indent: "minified" };

function format(input: string, options: Partial<JsonFormatOptions> = {}) {
  return formatJson(input, { ...PRETTY, ...options });
}
function output(input: string, options: Partial<JsonFormatOptions> = {}): string {
  const result = format(input, options);
  if (!result.ok) throw new Error(result.syntaxError?.message ?? result.inputError);
  return result.output;
}
function syntaxError(input: string, options: Partial<JsonFormatOptions> = {}) {
  const result = format(input, options);
  expect(result.ok).toBe(false);
  return result.syntaxError!;
}

describe("lossless formatting", () => {
  test("numbers keep their text: beyond 2^53, 1.0, 1e400, -0, exponents", () => {
    const input = "[12345678901234567890, 1.0, 1e400, -0, -0.0, 1E-7, 0.1e+10, 9007199254740993]";
    expect(output(input, { indent: "minified" })).toBe(
      "[12345678901234567890,1.0,1e400,-0,-0.0,1E-7,0.1e+10,9007199254740993]",
    );
  });

  test("key order is kept, integer-like keys included (JavaScript objects would put 2 and 10 first)", () => {
    const input = '{"b": 1, "10": 2, "a": 3, "2": 4}';
    expect(output(input, MINIFIED)).toBe('{"b":1,"10":2,"a":3,"2":4}');
    expect(JSON.stringify(JSON.parse(input))).toBe('{"2":4,"10":2,"b":1,"a":3}');
  });

  test("strings are untouched: raw emoji, escaped pairs, lone surrogates, \\/ and \\u00e9 as written", () => {
    const input = '["😀", "\\ud83d\\ude00", "\\ud800", "a\\/b", "caf\\u00e9", "café", "\\u0000"]';
    expect(output(input, MINIFIED)).toBe('["😀","\\ud83d\\ude00","\\ud800","a\\/b","caf\\u00e9","café","\\u0000"]');
  });

  test("indent 2, 4, tab and minified", () => {
    const input = '{"a":[1,{"b":null}],"c":{},"d":[]}';
    expect(output(input, { indent: "2" })).toBe(
      '{\n  "a": [\n    1,\n    {\n      "b": null\n    }\n  ],\n  "c": {},\n  "d": []\n}',
    );
    expect(output(input, { indent: "4" })).toBe(
      '{\n    "a": [\n        1,\n        {\n            "b": null\n        }\n    ],\n    "c": {},\n    "d": []\n}',
    );
    expect(output(input, { indent: "tab" })).toBe(
      '{\n\t"a": [\n\t\t1,\n\t\t{\n\t\t\t"b": null\n\t\t}\n\t],\n\t"c": {},\n\t"d": []\n}',
    );
    expect(output(' { "a" : [ 1 , { "b" : null } ] , "c" : { } , "d" : [ ] } ', MINIFIED)).toBe(input);
  });

  test("scalars at the top level", () => {
    expect(output(' "x" ')).toBe('"x"');
    expect(output("  -1.5e3\n")).toBe("-1.5e3");
    expect(output("null")).toBe("null");
  });

  test("matches JSON.stringify wherever JavaScript itself is lossless", () => {
    const value = {
      name: "Ünïcödé ✓",
      list: [1, 2.5, -3, true, false, null, 'x\n"y"\t\\'],
      nested: { deep: [[[{}]], []], empty: "" },
    };
    const text = JSON.stringify(value);
    expect(output(text, MINIFIED)).toBe(text);
    expect(output(text)).toBe(JSON.stringify(value, null, 2));
    expect(output(text, { indent: "4" })).toBe(JSON.stringify(value, null, 4));
    expect(output(text, { indent: "tab" })).toBe(JSON.stringify(value, null, "\t"));
  });

  test("sort keys: by UTF-16 code units (RFC 8785), recursively, stable for repeated keys; off by default", () => {
    const input = '{"b":1,"a":{"z":1,"y":2},"10":0,"2":0,"B":0,"é":0,"a":2}';
    expect(output(input, { indent: "minified", sortKeys: true })).toBe(
      '{"10":0,"2":0,"B":0,"a":{"y":2,"z":1},"a":2,"b":1,"é":0}',
    );
    expect(output(input, MINIFIED)).toBe(input);
  });

  test("nesting up to the depth limit formats; the stack never overflows", () => {
    const input = "[".repeat(MAX_JSON_DEPTH) + "]".repeat(MAX_JSON_DEPTH);
    expect(output(input, MINIFIED)).toBe(input);
    expect(output(input)).toBe(JSON.stringify(JSON.parse(input), null, 2));
    const objects = '{"a":'.repeat(MAX_JSON_DEPTH - 1) + "{}" + "}".repeat(MAX_JSON_DEPTH - 1);
    expect(output(objects, { indent: "tab" })).toBe(JSON.stringify(JSON.parse(objects), null, "\t"));
    const unclosed = syntaxError("[".repeat(MAX_JSON_DEPTH));
    expect(unclosed.message).toContain("is closed");
  });

  test("one level past the limit is a syntax error at that bracket, with line, column and the limit", () => {
    const lines = "[\n".repeat(MAX_JSON_DEPTH) + '  {"x": 1}\n' + "]\n".repeat(MAX_JSON_DEPTH);
    const error = syntaxError(lines);
    expect(error).toMatchObject({ line: MAX_JSON_DEPTH + 1, column: 3, offset: 2 * MAX_JSON_DEPTH + 2 });
    expect(error.message).toBe("Nested too deep: this '{' opens level 1,001; the limit is 1,000 levels.");
    expect(error.hint).toContain("up to 1,000 levels");
    expect(error.related).toEqual({ line: 1, column: 1, label: "the outermost bracket opened here" });
    expect(error.text).toBe('  {"x": 1}');
    expect(error.caret).toBe("  ^");
    // Empty containers count as a level too, and JSONC changes nothing.
    expect(syntaxError("[".repeat(MAX_JSON_DEPTH + 1) + "]".repeat(MAX_JSON_DEPTH + 1), { jsonc: true }).column).toBe(
      MAX_JSON_DEPTH + 1,
    );
  });

  test("8 MB of brackets (4,000,000 levels, indent 2) stops at level 1,001 without reading on", () => {
    const depth = 4_000_000;
    const result = format("[".repeat(depth) + "]".repeat(depth));
    expect(result.ok).toBe(false);
    expect(result.syntaxError).toMatchObject({ line: 1, column: MAX_JSON_DEPTH + 1, offset: MAX_JSON_DEPTH });
    expect(result.report!.maxDepth).toBe(MAX_JSON_DEPTH);
    expect(result.report!.valueCount).toBe(MAX_JSON_DEPTH);
  });

  test("output past its limit is counted, not built, and refused with its size; minified still works", () => {
    // 10 MB of zeros 1,000 levels deep would print 10 GB with indent 2.
    const zeros = "0,".repeat(4_000_000) + "0";
    const input = "[".repeat(MAX_JSON_DEPTH) + zeros + "]".repeat(MAX_JSON_DEPTH);
    for (const previewChars of [undefined, 32 * 1024]) {
      const refused = formatJson(input, PRETTY, { previewChars });
      expect(refused.ok).toBe(false);
      expect(refused.output).toBe("");
      expect(refused.inputError).toMatch(
        /^Formatted with this indent the text would be 7\d{3}(\.\d)? MB \(8,\d{3},\d{3},\d{3} bytes\); /,
      );
      expect(refused.inputError).toContain("; the limit is 64 MB (67,108,864 bytes). Choose Minified");
    }
    const minified = formatJson(input, MINIFIED);
    expect(minified.ok).toBe(true);
    expect(minified.output).toBe(input);
  });

  test("duplicate keys deep down are all counted; paths are built only for the listed ones", () => {
    const depth = MAX_JSON_DEPTH - 1;
    const objects = Array(5_000).fill('{"a":1,"a":2}').join(",");
    const result = format('{"k":'.repeat(depth - 1) + "[" + objects + "]" + "}".repeat(depth - 1));
    expect(result.ok).toBe(true);
    expect(result.report!.duplicateCount).toBe(5_000);
    expect(result.report!.duplicates).toHaveLength(100);
    expect(result.report!.duplicates[99]!.path).toBe("$" + ".k".repeat(depth - 1) + "[99]");
  });

  test("a byte order mark at the start is ignored and reported", () => {
    const result = format('\ufeff{"a":1}', MINIFIED);
    expect(result.output).toBe('{"a":1}');
    expect(result.report!.bomIgnored).toBe(true);
  });

  test("counts values and depth", () => {
    const result = format('{"a":[1,2,{"b":3}]}');
    expect(result.report!.valueCount).toBe(6);
    expect(result.report!.maxDepth).toBe(3);
  });
});

describe("input limits", () => {
  test("10 MB is accepted; one byte more is refused with a message naming the limit", () => {
    const atLimit = '"' + "a".repeat(MAX_JSON_INPUT_BYTES - 2) + '"';
    const accepted = format(atLimit, MINIFIED);
    expect(accepted.ok).toBe(true);
    expect(accepted.output.length).toBe(MAX_JSON_INPUT_BYTES);
    const refused = format(atLimit + " ", MINIFIED);
    expect(refused.ok).toBe(false);
    expect(refused.inputError).toBe(
      "The input is 10 MB (10,485,761 bytes); the limit is 10 MB (10,485,760 bytes). " +
        "Split it, or format it with a command-line tool such as jq.",
    );
    expect(refused.inputError).toContain("the limit is 10 MB");
  });

  test("the limit counts UTF-8 bytes, not characters", () => {
    const input = '"' + "✓".repeat(Math.floor(MAX_JSON_INPUT_BYTES / 3) + 1) + '"';
    expect(input.length).toBeLessThan(MAX_JSON_INPUT_BYTES);
    const refused = format(input);
    expect(refused.ok).toBe(false);
    expect(refused.inputError).toContain("the limit is 10 MB");
  });

  test("a realistic 10 MB document formats", () => {
    const record = JSON.stringify({
      id: 123456,
      name: "user name",
      email: "someone@example.com",
      tags: ["a", "b"],
      score: 12.5,
      ok: true,
    });
    const count = Math.floor((MAX_JSON_INPUT_BYTES - 2) / (record.length + 1));
    const input = "[" + Array(count).fill(record).join(",") + "]";
    const result = format(input);
    expect(result.ok).toBe(true);
    expect(result.report!.valueCount).toBe(1 + count * 9);
    expect(result.tree!.truncated).toBe(true);
    expect(result.tree!.shown).toBeLessThanOrEqual(2_000);
  });

  test("empty input asks for some JSON", () => {
    expect(format("  \n ").inputError).toBe("Paste some JSON to format.");
  });
});

describe("JSONC", () => {
  const input = '{\n  // a comment\n  "a": 1, /* block */\n  "b": [1, 2,],\n}\n';

  test("strict mode refuses comments and trailing commas with a hint that names the option", () => {
    const error = syntaxError(input);
    expect(error.message).toBe("Comments are not allowed in JSON.");
    expect(error.hint).toContain("JSONC");
    expect(error).toMatchObject({ line: 2, column: 3 });
    const comma = syntaxError("[1, 2,]");
    expect(comma.message).toBe("Trailing comma before ']'.");
    expect(comma.hint).toContain("JSONC");
    expect(comma).toMatchObject({ line: 1, column: 6 });
  });

  test("the option strips them and says what it removed, with lines", () => {
    const result = format(input, { jsonc: true, indent: "minified" });
    expect(result.output).toBe('{"a":1,"b":[1,2]}');
    expect(result.report!.removalCounts).toEqual({ "line comment": 1, "block comment": 1, "trailing comma": 2 });
    expect(describeRemovals(result.report!)).toBe(
      "Removed 1 line comment (line 2), 1 block comment (line 3) and 2 trailing commas (line 4).",
    );
    expect(result.removalSummary).toBe(describeRemovals(result.report!));
  });

  test("comment-like text inside strings stays", () => {
    expect(output('{"url": "http://x/*y*/"} // end', { jsonc: true, indent: "minified" })).toBe(
      '{"url":"http://x/*y*/"}',
    );
  });

  test("an unclosed block comment and a lone slash are errors", () => {
    expect(syntaxError("[1 /* never closed", { jsonc: true }).message).toBe("This block comment is never closed.");
    expect(syntaxError("[1, / 2]", { jsonc: true }).message).toBe("A lone '/' is not valid here.");
  });

  test("nothing removed, nothing said", () => {
    const result = format("[1]", { jsonc: true });
    expect(describeRemovals(result.report!)).toBeNull();
    expect(result.removalSummary).toBeUndefined();
  });
});

describe("errors: line, column, caret and hint", () => {
  test("line and column count CRLF as one line break and characters (not UTF-16 units)", () => {
    const error = syntaxError('{\r\n  "emoji": "😀😀", "x": tru\r\n}');
    expect(error).toMatchObject({ line: 2, column: 23 });
    expect(error.text).toBe('  "emoji": "😀😀", "x": tru');
    // Emoji are two cells wide in a monospace font: the caret skips two spaces for each.
    expect(error.caret).toBe(" ".repeat(24) + "^");
  });

  test("the caret keeps tabs so it lines up", () => {
    const error = syntaxError('{\n\t\t"a" 1}');
    expect(error).toMatchObject({ line: 2, column: 7, message: "Expected ':' after the key \"a\" but found '1'." });
    expect(error.caret).toBe("\t\t    ^");
  });

  test("a long minified line is cut to a window around the spot", () => {
    const input = "[" + "1,".repeat(5_000) + "x" + ",1".repeat(5_000) + "]";
    const error = syntaxError(input);
    expect(error.column).toBe(10_002);
    expect(error.text.length).toBeLessThan(110);
    expect(error.text.startsWith("…") && error.text.endsWith("…")).toBe(true);
    expect(error.text[error.caret.length - 1]).toBe("x");
  });

  test.each([
    ['{"a": 1,}', "Trailing comma before '}'.", /remove it/],
    ["{'a': 1}", "Expected a key in double quotes but found a single quote.", /double quotes/],
    ["[\"a\", 'b']", "Expected a value but found a single quote.", /double quotes/],
    ["{a: 1}", "Object keys must be strings in double quotes, but found the unquoted key 'a'.", /"a"/],
    ['{"a": 1 /* c */}', "Comments are not allowed in JSON.", /JSONC/],
    ['{"a": [1, 2}', "Mismatched bracket: '}' closes the '[' opened at line 1, column 7.", /Close it with '\]'/],
    ['{"a": {"b": 1}', "The input ends before the '{' opened at line 1, column 1 is closed.", /Add the missing '\}'/],
    ["[1, 2] ]", "Extra ']': there is no open '[' to close.", /missing '\['/],
    ['{"a": 1 "b": 2}', "Missing comma: expected ',' or '}' but found '\"'.", /comma between the members/],
    ["[1 2]", "Missing comma: expected ',' or ']' but found '2'.", /comma between the items/],
    ['{"a" = 1}', "Expected ':' after the key \"a\" but found '='.", /not '='/],
    ['{"a": True}', "'True' is not a JSON value.", /write true/],
    ["[None]", "'None' is not a JSON value.", /write null/],
    ["[undefined]", "'undefined' is not a JSON value.", /write null/],
    ["[NaN]", "NaN is not a JSON value.", /no NaN/],
    ["[-Infinity]", "-Infinity is not a JSON value.", /infinities/],
    ["[hello]", "Unexpected text 'hello': expected a value.", /"hello"/],
    ["[01]", "Numbers cannot have leading zeros: '01'.", /leading zeros/],
    ["[0x1F]", "Hexadecimal numbers are not JSON: '0x1F'.", /decimal/],
    ["[+1]", "Numbers cannot start with '+'.", /Remove the '\+'/],
    ["[.5]", "Numbers cannot start with '.': '.5'.", /0\.5/],
    ["[1.]", "Expected a digit after the decimal point in '1.'.", /1\.0/],
    ["[1e]", "Expected a digit in the exponent of '1e'.", /exponent/],
    ['["a\nb"]', "Line break inside a string.", /\\n/],
    ['["a\tb"]', "Tab character inside a string.", /\\t/],
    ['["\u0001"]', "Control character U+0001 inside a string.", /\\u0001/],
    ['["\\x41"]', "Invalid escape '\\x' in a string.", /\\u00XX/],
    ['["it\\\'s"]', "Invalid escape '\\'' in a string.", /needs no escape/],
    ['["\\u12G4"]', "Invalid unicode escape '\\u12G4'.", /four hex digits/],
    ['["abc', "This string is never closed: the input ends before its closing quote.", /closing double quote/],
    ['{"a":\u00a01}', "Found a no-break space (U+00A0), which JSON does not treat as whitespace.", /normal space/],
    [
      "{\u201ca\u201d: 1}",
      "Expected a key in double quotes but found the typographic quote '\u201c'.",
      /straight double quotes/,
    ],
    ['{"a": 1} {"b": 2}', "Unexpected '{' after the end of the JSON value.", /JSON Lines/],
    ["[1,,2]", "Expected a value but found ','.", /extra comma/],
    ['{"a":}', "Expected a value for the key \"a\" but found '}'.", /Write a value/],
    ["[1;2]", "Found ';' between members.", /commas/],
    ['["a": 1]', "Found ':' inside an array.", /object/],
  ])("%s → %s", (input, message, hint) => {
    const error = syntaxError(input);
    expect(error.message).toBe(message);
    expect(error.hint).toMatch(hint);
  });

  test("an unclosed bracket points back to where it opened", () => {
    const error = syntaxError('{\n  "a": [\n    1,\n    2\n');
    expect(error.message).toBe("The input ends before the '[' opened at line 2, column 8 is closed.");
    expect(error.related).toEqual({ line: 2, column: 8, label: "'[' opened here" });
    expect(error.hint).toBe("2 brackets are still open; the innermost needs ']'.");
  });

  test("a line break in a string points at the line break and names where the string started", () => {
    const error = syntaxError('{"a": "one\ntwo"}');
    expect(error).toMatchObject({ line: 1, column: 11 });
    expect(error.related).toMatchObject({ line: 1, column: 7 });
  });
});

describe("errors quote the input as printable text", () => {
  /** No control character, no bidirectional control, no half of a surrogate pair. */
  // oxlint-disable-next-line no-control-regex -- control characters are exactly what must not appear
  const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]|\p{Cs}/u;
  function printableError(input: string) {
    const error = syntaxError(input);
    for (const text of [error.message, error.hint ?? "", error.text])
      expect(text, JSON.stringify(text)).not.toMatch(UNPRINTABLE);
    return error;
  }

  test.each([
    ['["\\u12\u0000"]', "Invalid unicode escape '\\u12\\u0000\"'."],
    ['["\\u1\u001b[31m"]', "Invalid unicode escape '\\u1\\u001b[3'."],
    ['["\\u12a😀"]', "Invalid unicode escape '\\u12a😀'."],
    ["[\ud83d]", "Expected a value but found '\\ud83d'."],
    ["[1 \ude00]", "Expected ',' or ']' but found '\\ude00'."],
    ["[1]\u009b", "Unexpected the control character U+009B after the end of the JSON value."],
    ['{"a\ud83d" 1}', "Expected ':' after the key \"a\\ud83d\" but found '1'."],
    ['{"abc\u202edef" 1}', "Expected ':' after the key \"abc\\u202edef\" but found '1'."],
    ['{"line\u2028sep":}', "Expected a value for the key \"line\\u2028sep\" but found '}'."],
    ['["\\\u0000"]', "Invalid escape '\\\\u0000' in a string."],
    ['["\\\u001b[31m"]', "Invalid escape '\\\\u001b' in a string."],
    ['["\\\u202e"]', "Invalid escape '\\\\u202e' in a string."],
    ['["\\\ud83d"]', "Invalid escape '\\\\ud83d' in a string."],
    ['["\\😀"]', "Invalid escape '\\😀' in a string."],
  ])("%j → %s", (input, message) => {
    expect(printableError(input).message).toBe(message);
  });

  test("a long key is cut to its start, never between the halves of an emoji", () => {
    const key = "k".repeat(58) + "😀".repeat(20);
    const error = printableError(`{"${key}" 1}`);
    expect(error.message).toBe(`Expected ':' after the key "${"k".repeat(58)}😀… but found '1'.`);
    expect(error.hint).toBe(`Write a ':' after the key "${"k".repeat(58)}😀…, then its value.`);
  });

  test("the excerpt under the message shows a lone surrogate or a C1 control as its escape, the caret after it", () => {
    const error = printableError('["a\ud83d", \u0085 x]');
    expect(error.text).toBe('["a\\ud83d", \\u0085 x]');
    expect(error.message).toBe("Expected a value but found the control character U+0085.");
    expect(error.caret).toBe(" ".repeat(error.text.indexOf("\\u0085")) + "^");
  });

  test("for any input, no part of the error carries a control character or half a surrogate pair", () => {
    const nasty = fc.constantFrom(
      "\\",
      '"',
      "[",
      "]",
      "{",
      "}",
      ":",
      ",",
      "\\u",
      "\u0000",
      "\u001b",
      "\u0085",
      "\u009b",
      "\u202e",
      "\u2028",
      "\ud83d",
      "\ude00",
      "😀",
      "\t",
      "\n",
      "1",
      "e",
      "-",
      "a",
      "/*",
      "//",
    );
    const input = fc.oneof(
      fc.array(nasty, { maxLength: 16 }).map((pieces) => pieces.join("")),
      fc.string({ unit: "binary", maxLength: 24 }),
      fc
        .tuple(fc.constantFrom('["\\', '{"\\', '["a', "[1", '{"k":'), fc.string({ unit: "binary", maxLength: 4 }))
        .map(([head, tail]) => head + tail),
    );
    fc.assert(
      fc.property(input, fc.boolean(), (text, jsonc) => {
        const result = format(text, { jsonc });
        if (result.ok || !result.syntaxError) return;
        const error = result.syntaxError;
        for (const part of [error.message, error.hint ?? "", error.text])
          expect(part, JSON.stringify(part)).not.toMatch(UNPRINTABLE);
      }),
      { numRuns: 3_000 },
    );
  });

  test("duplicate keys are listed as printable text", () => {
    const result = format('{"a\u202e": 1, "a\u202e": 2}');
    expect(result.report!.duplicates[0]!.key).toBe("a\\u202e");
  });
});

describe("duplicate keys", () => {
  test("listed with their object, lines, and the value a parser keeps (the last)", () => {
    const input = '{\n  "id": 1,\n  "list": [\n    {"x": 1,\n     "x": 2,\n     "x": 3}\n  ],\n  "id": 2\n}';
    const result = format(input);
    expect(result.ok).toBe(true);
    expect(result.report!.duplicates).toEqual([
      { path: "$", key: "id", lines: [2, 8], keptLine: 8 },
      { path: "$.list[0]", key: "x", lines: [4, 5, 6], keptLine: 6 },
    ]);
    expect(result.report!.duplicateCount).toBe(2);
    // Lossless: the output keeps every occurrence.
    expect(output(input, MINIFIED)).toBe('{"id":1,"list":[{"x":1,"x":2,"x":3}],"id":2}');
  });

  test('keys equal once decoded count as duplicates ("a" and "\\u0061")', () => {
    const result = format('{"a": 1, "\\u0061": 2}');
    expect(result.report!.duplicates).toEqual([{ path: "$", key: "a", lines: [1, 1], keptLine: 1 }]);
  });

  test("found in large objects too (past the linear scan)", () => {
    const keys = Array.from({ length: 50 }, (_, i) => `"k${i}": ${i}`);
    keys.push('"k7": "again"', '"k49": "again"', '"k7": "third"');
    const result = format(`{"outer key": {${keys.join(",\n")}}}`);
    expect(
      result.report!.duplicates.map((duplicate) => [duplicate.path, duplicate.key, duplicate.lines.length]),
    ).toEqual([
      ['$["outer key"]', "k7", 3],
      ['$["outer key"]', "k49", 2],
    ]);
  });

  test("the same key in different objects is not a duplicate", () => {
    expect(format('[{"a":1},{"a":2}]').report!.duplicateCount).toBe(0);
  });
});

describe("numbers JavaScript would change", () => {
  test("integers beyond 2^53 and out-of-range numbers are listed; exact ones are not", () => {
    const result = format(
      "[\n12345678901234567890,\n9007199254740992,\n1e400,\n1e-400,\n0.000,\n123456789012345678901234567890e-10\n]",
    );
    expect(result.report!.impreciseNumbers).toEqual([
      { line: 2, text: "12345678901234567890", parsed: "12345678901234567000" },
      { line: 4, text: "1e400", parsed: "Infinity" },
      { line: 5, text: "1e-400", parsed: "0" },
    ]);
  });
});

describe("parser", () => {
  test("keeps the key's raw text and its decoded value apart", () => {
    const result = parseJson('{"caf\\u00e9": 1}');
    expect(
      result.ok && typeof result.root !== "string" && result.root.type === "object" && result.root.entries[0],
    ).toMatchObject({ key: "café", rawKey: '"caf\\u00e9"' });
  });

  test("agrees with JSON.parse on what is valid, for a sample of tricky documents", () => {
    const samples = [
      "[]",
      "{}",
      '""',
      '"\\""',
      "[-0]",
      "[1e5]",
      "[1E+5]",
      '{"":""}',
      " [ ] ",
      "[1,]",
      "[,]",
      "[01]",
      "[-]",
      "[1.e5]",
      '["\\u"]',
      "{,}",
      "[true false]",
      "nul",
      "[1]x",
      '"\u2028"',
      "\t[\r\n]",
    ];
    for (const sample of samples) {
      let native = true;
      try {
        JSON.parse(sample);
      } catch {
        native = false;
      }
      expect(parseJson(sample).ok, sample).toBe(native);
    }
  });
});

describe("output size and preview", () => {
  // Sizes are counted while parsing and printing, not by encoding the output: they must agree with encoding it.
  const documents = [
    '{"a": [1, 2, {"b": null}], "c": "plain"}',
    '{"café": "naïve ✓", "emoji": "😀 and 🇫🇷", "escaped": "\\u00e9\\ud83d\\ude00"}',
    '["lone \ud800 high", "lone \udc00 low", "pair \ud83d\ude00", "end \ud83d"]',
    '\ufeff["after a byte order mark: ü"]',
    '// a comment with ünïcode ✓\n{"k": "v", /* ✓ ✓ */ "l": [1,],}',
  ];

  test.each(["2", "4", "tab", "minified"] as const)(
    "outputBytes is the UTF-8 size of the output (indent %s)",
    (indent) => {
      for (const input of documents) {
        for (const sortKeys of [false, true]) {
          const result = formatJson(input, { indent, sortKeys, jsonc: true });
          expect(result.ok, input).toBe(true);
          expect(result.outputBytes, input).toBe(new TextEncoder().encode(result.output).length);
        }
      }
    },
  );

  test("with previewChars, output is the start of the whole output, cut at a line end, with the whole size", () => {
    const input = JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, name: `naïve ${i} ✓` })));
    const whole = format(input);
    const preview = formatJson(input, PRETTY, { previewChars: 1000 });
    expect(preview.outputCut).toBe(true);
    expect(preview.output.length).toBeLessThanOrEqual(1000);
    expect(whole.output.startsWith(preview.output + "\n")).toBe(true);
    expect(preview.outputBytes).toBe(whole.outputBytes);
    expect(preview.report).toEqual(whole.report);
  });

  test("an output within previewChars is whole and not marked cut", () => {
    const result = formatJson('{"a": 1}', PRETTY, { previewChars: 1000 });
    expect(result).toMatchObject({ ok: true, output: '{\n  "a": 1\n}' });
    expect(result.outputCut).toBeUndefined();
  });
});
