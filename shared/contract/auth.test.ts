import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./auth";

/** The invariant of every answer: one leading slash, then not another slash or a backslash, and it stays here. */
function expectStaysOnSite(path: string, origin = "https://shop.example:8443") {
  expect(path.startsWith("/")).toBe(true);
  expect(path[1] === "/" || path[1] === "\\").toBe(false);
  const resolved = new URL(path, origin);
  expect(resolved.origin).toBe(origin);
  // Already as the parser writes it: resolving it again changes nothing, so the browser reads the same path.
  expect(resolved.pathname + resolved.search + resolved.hash).toBe(path);
}

describe("safeRedirectPath", () => {
  it("keeps same-site paths with their query and fragment", () => {
    expect(safeRedirectPath("/admin/common/users?page=2#top")).toBe("/admin/common/users?page=2#top");
    expect(safeRedirectPath("/")).toBe("/");
    expect(safeRedirectPath("/a/../b/./c")).toBe("/b/c");
  });

  it("refuses other sites, protocol-relative and backslash tricks, control characters, and non-strings", () => {
    for (const target of [
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "/\\/evil.example",
      "/a\nb",
      "evil",
      "",
      null,
      42,
      "/".padEnd(2_001, "a"),
    ]) {
      expect(safeRedirectPath(target)).toBe("/");
    }
  });

  // Inputs in the spirit of the WPT URL corpus (url/resources/urltestdata.json): each resolves, or once did in
  // some parser, to another host.
  it.each([
    "/..//evil.example/phish",
    "/../..//evil.example",
    "/.//evil.example",
    "/./..//evil.example",
    "/%2e%2e//evil.example",
    "/%2E//evil.example",
    "/.%2e//evil.example",
    "/a/../..//evil.example",
    "/\\\\evil",
    "\\\\/evil",
    "\\/evil",
    "/\t/evil",
    "/\n/evil",
    "/\r\n/evil",
    "/%09/evil",
    "//evil",
    "///evil",
    "https:evil",
    "https:/evil",
    "http:evil",
    "javascript:alert(1)",
    "data:text/html,x",
    " //evil",
    "\u0000//evil",
    "/\u0000/evil",
    "/\u00a0/evil",
    "http://site.invalid@evil.example/",
    "//site.invalid@evil.example",
  ])("refuses %j, or keeps it on the site", (target) => {
    const path = safeRedirectPath(target);
    expectStaysOnSite(path);
    expect(new URL(path, "https://shop.example").host).toBe("shop.example");
  });

  it("the sign-in page's example: a dot segment before a double slash falls back", () => {
    expect(safeRedirectPath(decodeURIComponent("%2F..%2F%2Fevil.example%2Fphish"))).toBe("/");
  });

  it("keeps percent-encoded slashes and backslashes encoded: they are one segment, not another host", () => {
    expect(safeRedirectPath("/%2F/evil")).toBe("/%2F/evil");
    expect(safeRedirectPath("/%5C/evil")).toBe("/%5C/evil");
    expect(safeRedirectPath("/%2f%2fevil")).toBe("/%2f%2fevil");
  });

  it("for any mix of dot segments, slashes, backslashes, tabs and encoded slashes, it stays on the site", () => {
    const piece = fc.constantFrom(
      "/",
      "//",
      "\\",
      "..",
      ".",
      "%2e",
      "%2E%2e",
      "%2F",
      "%2f",
      "%5C",
      "%5c",
      "\t",
      "\n",
      "\r",
      " ",
      "evil.example",
      "a",
      "@",
      ":",
      "?",
      "#",
      "https:",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), fc.boolean(), (pieces, leadingSlash) => {
        const target = (leadingSlash ? "/" : "") + pieces.join("");
        expectStaysOnSite(safeRedirectPath(target));
      }),
      { numRuns: 5_000 },
    );
  });

  it("percent-encodes characters outside ASCII, so the destination can stand in a Location header", () => {
    const path = safeRedirectPath("/。evil.example");
    expect(path).toBe("/%E3%80%82evil.example");
    expect(() => new Headers({ Location: path })).not.toThrow();
    expect(safeRedirectPath("/camera2/report_list?q=Pixel 8 ü")).toBe("/camera2/report_list?q=Pixel%208%20%C3%BC");
  });
});
