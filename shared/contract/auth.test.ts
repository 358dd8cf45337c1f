import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./auth";

describe("safeRedirectPath", () => {
  it("keeps same-site paths with their query and fragment", () => {
    expect(safeRedirectPath("/admin/common/users?page=2#top")).toBe("/admin/common/users?page=2#top");
    expect(safeRedirectPath("/")).toBe("/");
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

  it("percent-encodes characters outside ASCII, so the destination can stand in a Location header", () => {
    const path = safeRedirectPath("/。evil.example");
    expect(path).toBe("/%E3%80%82evil.example");
    expect(() => new Headers({ Location: path })).not.toThrow();
    expect(safeRedirectPath("/camera2/report_list?q=Pixel 8 ü")).toBe("/camera2/report_list?q=Pixel%208%20%C3%BC");
  });
});
