// Fails when a committed source file is longer than 400 lines: past that a module holds several responsibilities,
// and it is split into modules named for each. Tests (*.test.ts, *.spec.ts, tests/) and the seed data
// (server/db/seeds/) are exempt, being long lists of cases and records.
// Usage: node scripts/check-file-length.ts (npm run lint runs it after oxlint)
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const MAX_LINES = 400;
const CHECKED_EXTENSIONS = [".ts", ".tsx"];
const EXEMPT_FILE = /\.(test|spec)\.tsx?$/;
const EXEMPT_DIRECTORIES = ["tests/", "server/db/seeds/"];

const root = path.resolve(import.meta.dirname, "..");
const sourceFiles = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" })
  .split("\0")
  .filter((file) => CHECKED_EXTENSIONS.some((extension) => file.endsWith(extension)))
  .filter((file) => !EXEMPT_FILE.test(file))
  .filter((file) => !EXEMPT_DIRECTORIES.some((directory) => file.startsWith(directory)))
  // A file deleted in the working tree but not yet in the index is no longer source.
  .filter((file) => existsSync(path.join(root, file)));

const longFiles: { file: string; lines: number }[] = [];
for (const file of sourceFiles) {
  const text = readFileSync(path.join(root, file), "utf8");
  // Counted as wc -l and editors do: a final line break ends the last line rather than starting another.
  const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
  if (lines > MAX_LINES) longFiles.push({ file, lines });
}

if (longFiles.length > 0) {
  longFiles.sort((a, b) => b.lines - a.lines);
  console.error(`${longFiles.length} source files are longer than ${MAX_LINES} lines:`);
  for (const { file, lines } of longFiles) console.error(`  ${file}: ${lines} lines`);
  console.error("Split each into modules named for what they do; tests and server/db/seeds/ are exempt.");
  process.exit(1);
}
