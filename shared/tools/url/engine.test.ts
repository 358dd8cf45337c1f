import { describe, expect, test } from "vitest";
import { breakDownUrl, parseQuery } from "./breakdown";
import { decodeText } from "./decode";
import { encodeText } from "./encode";
import { runUrlTool } from "./engine";
import { decodeLayers } from "./layers";
import { DEFAULT_URL_OPTIONS, MAX_URL_INPUT_BYTES, type UrlToolOptions } from "./options";

function encoded(text: string, mode: UrlToolOptions["mode"]): string {
  const result = encodeText(text, mode);
  if (!result.ok) throw new Error(result.error.message);
  return result.output;
}
function decoded(text: string, plusAsSpace = false): string {
  const result = decodeText(text, { plusAsSpace });
  if (!result.ok) throw new Error(result.errors[0]!.message);
  return result.output;
}
function decodeErrors(text: string) {
  const result = decodeText(text, { plusAsSpace: false });
  expect(result.ok).toBe(false);
  return result.ok ? [] : result.errors;
}
function run(input: string, options: Partial<UrlToolOptions> = {}) {
  return runUrlTool(input, { ...DEFAULT_URL_OPTIONS, ...options });
}

// Every ASCII character, some Latin-1, BMP and astral characters, and a space.
const SAMPLE = Array.from({ length: 128 }, (_, i) => String.fromCharCode(i)).join("") + " é€ 😀 中文 ~!*'()";

describe("encode modes", () => {
  test("component is exactly encodeURIComponent", () => {
    expect(encoded(SAMPLE, "component")).toBe(encodeURIComponent(SAMPLE));
  });

  test("full URI is exactly encodeURI", () => {
    expect(encoded(SAMPLE, "uri")).toBe(encodeURI(SAMPLE));
    expect(encoded("https://example.com/a b?q=1&r=é#top", "uri")).toBe("https://example.com/a%20b?q=1&r=%C3%A9#top");
  });

  test("form is what URLSearchParams (and HTML forms) write: space as +, * - . _ kept", () => {
    expect(encoded(SAMPLE, "form")).toBe(new URLSearchParams({ x: SAMPLE }).toString().slice(2));
    expect(encoded("a b+c", "form")).toBe("a+b%2Bc");
  });

  test("strict RFC 3986 also encodes ! ' ( ) *", () => {
    const expected = encodeURIComponent(SAMPLE).replace(
      /[!'()*]/g,
      (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
    );
    expect(encoded(SAMPLE, "rfc3986")).toBe(expected);
    expect(encoded("!'()*~-._", "rfc3986")).toBe("%21%27%28%29%2A~-._");
  });

  test("everything except letters and digits", () => {
    expect(encoded("aZ09-._~ é", "alphanumeric")).toBe("aZ09%2D%2E%5F%7E%20%C3%A9");
  });

  test("non-ASCII is UTF-8: 2, 3 and 4 bytes", () => {
    expect(encoded("é€😀", "component")).toBe("%C3%A9%E2%82%AC%F0%9F%98%80");
  });

  test("a lone surrogate is an error naming it and its position, not a silent U+FFFD", () => {
    const result = encodeText("ab\ud83dc", "component");
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatchObject({ sequence: "\\ud83d", where: "position 3", line: 1, column: 3 });
    const trailing = encodeText("x\ude00", "rfc3986");
    expect(!trailing.ok && trailing.error.sequence).toBe("\\ude00");
  });
});

describe("Full URI mode keeps a URL with an IPv6 host a URL", () => {
  test.each([
    ["http://[2001:db8::1]/", "http://[2001:db8::1]/"],
    ["http://[2001:db8::1]:8080/a b?q=é#top", "http://[2001:db8::1]:8080/a%20b?q=%C3%A9#top"],
    ["https://user:pw@[::1]:443/?list=[1]", "https://user:pw@[::1]:443/?list=%5B1%5D"],
    ["http://[::ffff:192.0.2.1]/", "http://[::ffff:192.0.2.1]/"],
    // A zone ID: "%" is written "%25" in a URL (RFC 6874); one already written so stays as it is.
    ["http://[fe80::1%eth0]:8080/x", "http://[fe80::1%25eth0]:8080/x"],
    ["http://[fe80::1%25eth0]:8080/x", "http://[fe80::1%25eth0]:8080/x"],
    ["see http://[::1]/ and http://[::2]:80/", "see%20http://[::1]/%20and%20http://[::2]:80/"],
    // Brackets that are not a host are data.
    ["[::1]", "%5B::1%5D"],
  ])("encodes %s as %s", (input, output) => {
    const result = run(input, { mode: "uri" });
    expect(result.output).toBe(output);
    expect(result.notes.filter((note) => note.includes("already holds"))).toEqual([]);
  });

  test("the other modes encode the brackets, as encodeURIComponent does", () => {
    expect(run("http://[::1]/", { mode: "component" }).output).toBe(encodeURIComponent("http://[::1]/"));
  });

  test.each([
    ["http://[2001:db8::1]/", "http://[2001:db8::1]/"],
    ["http://%5B2001:db8::1%5D:8080/a%20b", "http://[2001:db8::1]:8080/a b"],
    ["http://[fe80::1%25eth0]:8080/", "http://[fe80::1%eth0]:8080/"],
    // A zone written after a bare "%" is not a malformed escape.
    ["http://[fe80::1%eth0]:8080/", "http://[fe80::1%eth0]:8080/"],
  ])("decodes %s as %s", (input, output) => {
    const result = run(input, { direction: "decode", mode: "uri" });
    expect(result.errors).toEqual([]);
    expect(result.output).toBe(output);
  });

  test("encoding then decoding gives the URL back, and the breakdown finds its host and port", () => {
    const url = "http://[fe80::1%eth0]:8080/a b";
    const encodedUrl = run(url, { mode: "uri" });
    expect(encodedUrl.output).toBe("http://[fe80::1%25eth0]:8080/a%20b");
    const back = run(encodedUrl.output, { direction: "decode" });
    expect(back.output).toBe(url);
    expect(back.breakdown?.parts).toMatchObject({ host: "[fe80::1%25eth0]", port: "8080" });
  });

  test("a '%' elsewhere is still a malformed escape", () => {
    expect(decodeErrors("http://[::1]/100%")[0]!.sequence).toBe("%");
    expect(decodeErrors("http://example.com/%eth0")[0]!.sequence).toBe("%et");
  });
});

describe("strict decode", () => {
  test("decodes UTF-8 and agrees with decodeURIComponent on valid input", () => {
    for (const text of [
      encodeURIComponent(SAMPLE),
      "caf%C3%A9%20au%20lait",
      "%F0%9F%98%80",
      "already plain é",
      "%e2%82%ac",
    ]) {
      expect(decoded(text)).toBe(decodeURIComponent(text));
    }
  });

  test("'+' is kept by default and is a space only when asked", () => {
    expect(decoded("a+b%2Bc")).toBe("a+b+c");
    expect(decoded("a+b%2Bc", true)).toBe("a b+c");
  });

  test.each([
    ["abc%zz", "%zz", "position 4", /not a percent-encoded byte/],
    ["100%", "%", "position 4", /lone '%'/],
    ["%4", "%4", "position 1", /not a percent-encoded byte/],
    ["a%FFb", "%FF", "position 2", /%FF never appears in UTF-8/],
    ["%80", "%80", "position 1", /continuation byte with no lead byte/],
    [
      "%E2%82",
      "%E2%82",
      "position 1",
      /incomplete UTF-8 sequence: %E2 starts a 3-byte character but only 1 continuation byte follows/,
    ],
    ["x%E2%82x", "%E2%82", "position 2", /incomplete/],
    ["%C3", "%C3", "position 1", /no continuation byte follows/],
    ["%C0%AF", "%C0", "position 1", /overlong/],
    ["%E0%80%AF", "%E0", "position 1", /%E0%80 is an overlong UTF-8 encoding/],
    ["%ED%A0%80", "%ED", "position 1", /%ED%A0 encodes a UTF-16 surrogate/],
    ["%F4%90%80%80", "%F4", "position 1", /beyond U\+10FFFF/],
    ["%F8%88%80%80%80", "%F8", "position 1", /never appears in UTF-8/],
  ])("%s: error names %s at %s", (input, sequence, where, message) => {
    const [first] = decodeErrors(input);
    expect(first).toMatchObject({ sequence, where });
    expect(first!.message).toMatch(message);
  });

  test("Latin-1 input gets a hint about the encoding", () => {
    expect(decodeErrors("caf%E9")[0]!.hint).toMatch(/Latin-1/);
  });

  test("every malformed sequence is listed, in order, with line and column on multi-line input", () => {
    const errors = decodeErrors("ok%2\n%zz and %FF\n%");
    expect(errors.map((error) => [error.sequence, error.where])).toEqual([
      ["%2", "line 1, column 3"],
      ["%zz", "line 2, column 1"],
      ["%FF", "line 2, column 9"],
      ["%", "line 3, column 1"],
    ]);
  });

  test("a bad sequence never swallows a line break", () => {
    expect(decodeErrors("a%\nb")[0]!.sequence).toBe("%");
  });

  test("the sequence and message quote the input as printable text", () => {
    const [control] = decodeErrors("a%\u001b[31m");
    expect(control!.sequence).toBe("%\\u001b[");
    expect(control!.message).toBe(
      "'%\\u001b[' is not a percent-encoded byte: '%' must be followed by two hex digits (0–9, A–F).",
    );
    expect(decodeErrors("%\u0000")[0]!.sequence).toBe("%\\u0000");
    // Two characters after the "%" at most, and a surrogate pair is one: never half of it.
    expect(decodeErrors("%a😀b")[0]!.sequence).toBe("%a😀");
    expect(decodeErrors("%😀😀")[0]!.sequence).toBe("%😀😀");
    expect(decodeErrors("%a\ud83d")[0]!.sequence).toBe("%a\\ud83d");
    expect(decodeErrors("%\u202ez")[0]!.message).toMatch(/^'%\\u202ez' is not/);
  });
});

describe("double encoding", () => {
  test("each decoding layer is shown", () => {
    expect(decodeLayers("a%252520b", false)).toEqual({ layers: ["a%2520b", "a%20b", "a b"] });
    expect(decodeLayers("https%253A%252F%252Fexample.com%252F%253Fq%253Dcaf%2525C3%2525A9", false)!.layers).toEqual([
      "https%3A%2F%2Fexample.com%2F%3Fq%3Dcaf%25C3%25A9",
      "https://example.com/?q=caf%C3%A9",
      "https://example.com/?q=café",
    ]);
  });

  test("not double-encoded: no layers", () => {
    expect(decodeLayers("a%20b", false)).toBeNull();
    expect(decodeLayers("100%25", false)).toBeNull();
  });

  test("stops, and says why, when a deeper layer is not valid percent-encoding", () => {
    const result = decodeLayers("%2541%25zz", false);
    expect(result!.layers).toEqual(["%41%zz"]);
    expect(result!.stopped).toMatch(/probably literal/);
  });

  test("the tool reports layers when decoding", () => {
    const result = run("a%252Fb", { direction: "decode" });
    expect(result.output).toBe("a%2Fb");
    expect(result.layers!.layers).toEqual(["a%2Fb", "a/b"]);
  });
});

describe("lines and line endings", () => {
  test("browsers post textarea lines as CRLF: the chosen ending decides, so no stray %0D", () => {
    expect(run("a b\r\nc", { lineEnding: "lf" }).output).toBe("a%20b%0Ac");
    expect(run("a b\r\nc", { lineEnding: "crlf" }).output).toBe("a%20b%0D%0Ac");
    expect(run("a b\nc", { lineEnding: "crlf" }).output).toBe("a%20b%0D%0Ac");
    expect(run("a\rb", { lineEnding: "lf" }).output).toBe("a%0Ab");
  });

  test("line by line: each line on its own, output joined with the chosen ending", () => {
    expect(run("a b\r\nc/d\r\n\r\né", { lineMode: true }).output).toBe("a%20b\nc%2Fd\n\n%C3%A9");
    expect(run("a b\nc", { lineMode: true, lineEnding: "crlf" }).output).toBe("a%20b\r\nc");
    expect(run("a%20b\r\nc%2Fd", { lineMode: true, direction: "decode" }).output).toBe("a b\nc/d");
  });

  test("line by line errors name the line", () => {
    const result = run("fine%20\r\nbad%zz\r\nalso%FF", { lineMode: true, direction: "decode" });
    expect(result.ok).toBe(false);
    expect(result.errors.map((error) => error.where)).toEqual(["line 2, column 4", "line 3, column 5"]);
  });

  test("the first line's errors name the line too when there are several", () => {
    expect(run("bad%zz\nok", { lineMode: true, direction: "decode" }).errors[0]!.where).toBe("line 1, column 4");
  });
});

describe("the tool", () => {
  test("encoding already-encoded text warns about double encoding", () => {
    const result = run("a%20b");
    expect(result.output).toBe("a%2520b");
    expect(result.notes[0]).toMatch(/already holds percent-encoded text \(%20 at line 1, column 2\)/);
  });

  test("decoding with '+' kept says so", () => {
    expect(run("a+b", { direction: "decode" }).notes[0]).toMatch(/\+ as space/);
    expect(run("a+b", { direction: "decode", plusAsSpace: true }).notes).toEqual([]);
  });

  test("input limits", () => {
    expect(run("").inputError).toBe("Type or paste the text to encode.");
    expect(run("x".repeat(MAX_URL_INPUT_BYTES)).ok).toBe(true);
    expect(run("x".repeat(MAX_URL_INPUT_BYTES + 1)).inputError).toBe(
      "The input is 1 MB (1,048,577 bytes); the limit is 1 MB (1,048,576 bytes).",
    );
  });

  test("a malformed decode has no output, only the errors", () => {
    const result = run("%zz", { direction: "decode" });
    expect(result).toMatchObject({ ok: false, output: "", errorCount: 1 });
  });

  test("breaks down a URL given as input, or the decoded output when that is a URL", () => {
    expect(run("https://example.com/?a=1&a=2").breakdown?.of).toBe("input");
    const fromOutput = run("https%3A%2F%2Fexample.com%2Fx%3Fq%3D1", { direction: "decode" });
    expect(fromOutput.breakdown).toMatchObject({
      of: "output",
      parts: { host: "example.com", path: "/x", query: "q=1" },
    });
    expect(run("just text").breakdown).toBeNull();
  });
});

describe("URL breakdown", () => {
  test("every part, as written", () => {
    expect(breakDownUrl("HTTPS://user:p%40ss@example.com:8443/a/b%20c?x=1#frag")).toEqual({
      scheme: "https",
      user: "user",
      password: "p%40ss",
      host: "example.com",
      port: "8443",
      defaultPort: null,
      path: "/a/b%20c",
      query: "x=1",
      fragment: "frag",
      params: [{ rawKey: "x", rawValue: "1", key: "x", value: "1" }],
      normalized: "https://user:p%40ss@example.com:8443/a/b%20c?x=1#frag",
    });
  });

  test("the query table keeps repeated keys, their order, empty values and keys without '='", () => {
    const params = parseQuery("b=2&a=1&b=&flag&a=3&q=caf%C3%A9+au+lait&&=x");
    expect(params.map((param) => [param.key, param.value])).toEqual([
      ["b", "2"],
      ["a", "1"],
      ["b", ""],
      ["flag", null],
      ["a", "3"],
      ["q", "café au lait"],
      ["", "x"],
    ]);
  });

  test("an undecodable query value is shown as written, with the reason", () => {
    const [param] = parseQuery("q=100%");
    expect(param).toMatchObject({ key: "q", value: null, rawValue: "100%" });
    expect(param!.problem).toMatch(/lone '%'/);
  });

  test("IPv6 hosts, default ports, no query or fragment", () => {
    expect(breakDownUrl("http://[::1]:3000/x")).toMatchObject({ host: "[::1]", port: "3000" });
    expect(breakDownUrl("https://example.com")).toMatchObject({
      host: "example.com",
      port: null,
      defaultPort: "443",
      path: "",
      query: null,
      fragment: null,
    });
    expect(breakDownUrl("https://example.com/?")).toMatchObject({ query: "", params: [] });
  });

  test("an internationalised host shows how a browser reads it", () => {
    expect(breakDownUrl("https://bücher.example/")!.normalized).toBe("https://xn--bcher-kva.example/");
  });

  test("mailto and other schemes without an authority", () => {
    expect(breakDownUrl("mailto:someone@example.com?subject=Hi%20there")).toMatchObject({
      scheme: "mailto",
      host: null,
      path: "someone@example.com",
      params: [{ key: "subject", value: "Hi there" }],
    });
  });

  test("text that is not a URL", () => {
    for (const text of ["hello world", "example.com/path", "localhost:3000", "a b://c", "", "/relative/path?x=1"]) {
      expect(breakDownUrl(text), text).toBeNull();
    }
  });
});
