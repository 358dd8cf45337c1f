// Which dependencies may run install scripts is decided in package.json's allowScripts, and .npmrc makes npm refuse
// an install that meets a script not decided there (docs/security.md).
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

describe("install scripts", () => {
  // npm itself takes seconds to start on a busy machine.
  it("are all decided in allowScripts, and an undecided one fails the install", { timeout: 60_000 }, async () => {
    const { stdout } = await promisify(execFile)("npm", ["install-scripts", "ls"], { encoding: "utf8" });
    expect(stdout).toContain("No packages with unreviewed install scripts.");
    expect(readFileSync(".npmrc", "utf8")).toMatch(/^strict-allow-scripts=true$/m);
  });
});
