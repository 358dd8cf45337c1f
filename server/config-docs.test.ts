// docs/configuration.md lists every environment variable the code reads, and nothing else: the names are taken
// from the modules that read settings (lint keeps process.env out of every other), the list from the guide's table.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";

const SETTINGS_READERS = [
  "server/config.ts",
  "app/utils/env.server.ts",
  "host/process/settings.ts",
  "host/process/cluster.ts",
  "shared/env.server.ts",
  "server/shared-secrets.ts",
];
/** Read from the environment, but set by Node, npm or the platform rather than by an operator. */
const NOT_SETTINGS = new Set(["NODE_ENV", "NODE_OPTIONS"]);

/** The variables a module reads: `env.NAME`, or a name in quotes handed to a setting reader. */
function variablesReadBy(source: string): string[] {
  const names = [
    ...source.matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g),
    ...source.matchAll(/\b(?:int|flag|\w+Setting|persistentSecret)\((?:[\w.]+, )?"([A-Z][A-Z0-9_]+)"/g),
  ].map((match) => match[1]!);
  return names.filter((name) => !NOT_SETTINGS.has(name));
}

/** The variables the guide's settings table names in its first column. */
function documentedVariables(guide: string): string[] {
  const rows = guide.split("\n").filter((line) => line.startsWith("| `"));
  return rows.flatMap((row) => [...row.split("|")[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1]!));
}

describe("docs/configuration.md", () => {
  test("its table names every variable the code reads, and only those", () => {
    const read = new Set(SETTINGS_READERS.flatMap((file) => variablesReadBy(readFileSync(file, "utf8"))));
    const documented = new Set(documentedVariables(readFileSync("docs/configuration.md", "utf8")));
    expect(read.size).toBeGreaterThan(40);
    expect([...read].filter((name) => !documented.has(name)).sort()).toEqual([]);
    expect([...documented].filter((name) => !read.has(name)).sort()).toEqual([]);
  });
});
