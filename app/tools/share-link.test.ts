import { describe, expect, test } from "vitest";
import { optionParams, queryShareLink, readSharedParams, SHARE_QUERY_MAX_INPUT_BYTES, shareLink } from "./share-link";

describe("share links", () => {
  test("a small input goes in the query string, as the form names its fields", () => {
    const link = shareLink("/tools/json-pretty-format", '{"a": "é & b"}', [
      ["indent", "4"],
      ["sortKeys", "on"],
    ]);
    expect(link).toEqual({
      href: "/tools/json-pretty-format?input=%7B%22a%22%3A+%22%C3%A9+%26+b%22%7D&indent=4&sortKeys=on",
      inQuery: true,
    });
    const params = readSharedParams(new URL(`http://x${"href" in link ? link.href : ""}`).search)!;
    expect(params.get("input")).toBe('{"a": "é & b"}');
    expect(params.get("indent")).toBe("4");
  });

  test("past the query limit, the input goes in the fragment and is read back from it", () => {
    const input = "é".repeat(SHARE_QUERY_MAX_INPUT_BYTES / 2 + 1);
    const link = shareLink("/tools/url-decode-encode", input, [["direction", "decode"]]);
    expect("href" in link && link.inQuery).toBe(false);
    const hash = "href" in link ? link.href.slice(link.href.indexOf("#")) : "";
    expect(readSharedParams(hash)?.get("input")).toBe(input);
    expect(queryShareLink("/tools/url-decode-encode", input, [])).toBeNull();
    expect(queryShareLink("/tools/url-decode-encode", "a b", [])).toBe("/tools/url-decode-encode?input=a+b");
  });

  test("a link longer than a browser opens is refused; no input, no link", () => {
    expect(shareLink("/t", "\u0001".repeat(800_000), [])).toEqual({ tooLarge: true, chars: 2_400_009 });
    expect(readSharedParams("#indent=4")).toBeNull();
    expect(queryShareLink("/t", "", [])).toBeNull();
  });

  test("a link carries only the options that differ from the defaults, a checked box as on", () => {
    const defaults = { indent: "2", sortKeys: false, jsonc: false };
    expect(optionParams({ indent: "4", sortKeys: true, jsonc: false }, defaults)).toEqual([
      ["indent", "4"],
      ["sortKeys", "on"],
    ]);
    expect(optionParams(defaults, defaults)).toEqual([]);
  });
});
