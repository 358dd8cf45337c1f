// After `npm install` and `npm ci` (package.json's postinstall, run by the project's pinned Node: npm puts
// node_modules/.bin first on the PATH of its scripts). npm itself runs on the machine's Node, and when that is older
// than what the packages ask for, its EBADENGINE check is about the Node that runs npm, not the one that runs them
// (.npmrc keeps npm to errors for that reason). This checks every locked package's engines against the pinned Node
// and says so in one line, or lists the packages that the pinned Node does not satisfy, which is a real problem.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

interface LockEntry {
  engines?: { node?: string } | string[];
  optional?: boolean;
}

const npmNode = process.env.npm_node_execpath;
const npmCli = process.env.npm_execpath;
const npmNodeVersion = npmNode ? execFileSync(npmNode, ["--version"], { encoding: "utf8" }).trim() : undefined;
if (npmNodeVersion && npmCli && npmNodeVersion !== process.version) {
  // npm's own semver (the same checks npm ran), so the project needs no dependency of its own for these lines.
  const semver = createRequire(npmCli)("semver") as {
    satisfies(version: string, range: string, options: { includePrerelease: boolean }): boolean;
  };
  const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as { packages: Record<string, LockEntry> };
  const ranges = Object.entries(lock.packages).flatMap(([path, entry]) => {
    const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
    return range && !entry.optional ? [{ name: path.replace(/^.*node_modules\//, "") || "this project", range }] : [];
  });
  const accepts = (version: string, range: string) => semver.satisfies(version, range, { includePrerelease: true });
  const unmet = ranges.filter(({ range }) => !accepts(process.version, range));
  const warned = ranges.filter(({ range }) => !accepts(npmNodeVersion, range)).length;
  if (unmet.length > 0) {
    console.warn(`[install] the project's pinned Node ${process.version} does not satisfy what these packages need:`);
    for (const { name, range } of unmet) console.warn(`[install]   ${name}: node ${range}`);
    process.exitCode = 1;
  } else if (warned > 0) {
    console.log(
      `[install] npm ran on Node ${npmNodeVersion}, older than ${warned} packages ask for; the project's scripts ` +
        `run them on its pinned Node ${process.version} (node_modules/.bin/node), which every one accepts.`,
    );
  }
}
