import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pageCookies, SITE_COOKIES } from "./page-cookies";

const dark = `theme=${Buffer.from('"dark"').toString("base64")}`;
const light = `theme=${encodeURIComponent(Buffer.from('"light"').toString("base64"))}`;

/** Every source file under `dir`, tests left out. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe("the cookies a page request is cached and rendered by", () => {
  it("lists every cookie the site creates (so a new one is not silently ignored by the page cache)", () => {
    const created = new Set<string>();
    for (const file of [...sources("app"), ...sources("shared")]) {
      const text = readFileSync(file, "utf8");
      for (const [, names = ""] of text.matchAll(/createCookie\(\s*([^,]+),/g))
        for (const [, name] of names.matchAll(/"([^"]+)"/g)) created.add(name!);
      for (const [, name] of text.matchAll(/createCookieSessionStorage\(\{\s*cookie:\s*\{\s*name:\s*"([^"]+)"/g))
        created.add(name!);
    }
    expect([...created].sort()).toEqual([...SITE_COOKIES].sort());
  });

  it("keeps the site's cookies and drops every other one", () => {
    expect(pageCookies(null)).toEqual({ key: "", personal: false, header: null });
    expect(pageCookies("_ga=1; foo=bar; theme=dark; theme=ImRhcmsi")).toEqual({
      key: "",
      personal: false,
      header: null,
    });
    expect(pageCookies(`_ga=1; ${dark}; x=${"y".repeat(100)}`)).toEqual({
      key: "theme=dark",
      personal: false,
      header: dark,
    });
    expect(pageCookies(`${light}; ${dark}`)).toEqual({ key: "theme=light", personal: false, header: light });
    expect(pageCookies("a=1; session=s.sig; b=2")).toEqual({ key: "", personal: true, header: "session=s.sig" });
    expect(pageCookies("toast=t").personal).toBe(true);
    expect(pageCookies("__Host-session=t").personal).toBe(true);
    expect(pageCookies("xsession=t; sessionx=t; toast2=t").personal).toBe(false);
  });
});
