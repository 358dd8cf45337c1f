// Fails when a committed source line is longer than Prettier's printWidth. Prettier wraps code, but not comments,
// long strings or template literals, so those are held to the same 120 characters here.
// Usage: node scripts/check-line-length.ts
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const MAX_LINE_LENGTH = 120;
const CHECKED_EXTENSIONS = [".ts", ".tsx", ".css"];
/** Written by tools, not people: drizzle-kit's migrations and snapshots. */
const GENERATED_DIRECTORIES = ["server/db/migrations/"];

const root = path.resolve(import.meta.dirname, "..");
const trackedFiles = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" })
  .split("\0")
  .filter((file) => CHECKED_EXTENSIONS.some((extension) => file.endsWith(extension)))
  .filter((file) => !GENERATED_DIRECTORIES.some((directory) => file.startsWith(directory)))
  // A file deleted in the working tree but not yet in the index is no longer source.
  .filter((file) => existsSync(path.join(root, file)));

const longLines: string[] = [];
for (const file of trackedFiles) {
  const lines = readFileSync(path.join(root, file), "utf8").split("\n");
  lines.forEach((line, index) => {
    // Characters, not UTF-16 units: an emoji in a comment counts once, as an editor's ruler does.
    const length = [...line].length;
    if (length > MAX_LINE_LENGTH) longLines.push(`${file}:${index + 1}: ${length} characters`);
  });
}

if (longLines.length > 0) {
  console.error(`${longLines.length} lines are longer than ${MAX_LINE_LENGTH} characters:`);
  for (const line of longLines) console.error(`  ${line}`);
  console.error("Wrap comments and split long strings; Prettier (npm run format) wraps the code.");
  process.exit(1);
}
