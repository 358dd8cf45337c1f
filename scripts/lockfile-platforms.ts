// Keeps package-lock.json acceptable to `npm ci` when the registry mirror only serves this platform's binaries.
//
// Packages such as oxlint and Tailwind's oxide list one optional binary per platform. When the registry answers
// 404 for the other platforms' binaries, `npm install` silently leaves them out of the lock file, and `npm ci`
// then refuses the lock ("Missing: @oxlint/binding-darwin-arm64@ from lock file"). CI runs `npm ci`, so a lock
// written that way breaks CI although every local check passes. See docs/decisions/0010-lockfile-platform-binaries.md.
//
// Usage: node scripts/lockfile-platforms.ts          fails listing the missing entries (part of `npm test`)
//        node scripts/lockfile-platforms.ts --fix    adds them, with os/cpu/libc read from the package name,
//                                                    so `npm ci` skips them on every other platform
import fs from "node:fs";
import path from "node:path";

type LockEntry = {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  license?: string;
  cpu?: string[];
  os?: string[];
  libc?: string[];
  engines?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
};

const lockPath = path.resolve(process.argv.find((arg) => arg.endsWith(".json")) ?? "package-lock.json");
const lock = JSON.parse(fs.readFileSync(lockPath, "utf8")) as { packages: Record<string, LockEntry> };
const packages = lock.packages;

const operatingSystems = ["android", "openharmony", "darwin", "freebsd", "linux", "win32"];
const cpus = ["arm64", "x64", "ia32", "ppc64", "riscv64", "s390x", "wasm32", "arm"];

function platformOf(name: string): Pick<LockEntry, "cpu" | "os" | "libc"> | null {
  const cpu = cpus.find((candidate) => new RegExp(`-${candidate}(-|$)`).test(name));
  if (!cpu) return null;
  const os = operatingSystems.find((candidate) => name.includes(`-${candidate}-`));
  const libc = /-(gnu|gnueabihf)$/.test(name) ? "glibc" : /-(musl|musleabihf)$/.test(name) ? "musl" : undefined;
  return { cpu: [cpu], ...(libc ? { libc: [libc] } : {}), ...(os ? { os: [os] } : {}) };
}

/** The lock key npm would resolve `name` to from the package at `parentKey`: the nearest node_modules upwards. */
function resolvedKey(parentKey: string, name: string): string | undefined {
  const parts = parentKey ? parentKey.split("/node_modules/") : [];
  for (let depth = parts.length; depth >= 0; depth--) {
    const base = parts.slice(0, depth).join("/node_modules/");
    const key = `${base ? `${base}/` : ""}node_modules/${name}`;
    if (packages[key]) return key;
  }
  return undefined;
}

const missing: { key: string; name: string; version: string; parent: LockEntry; siblingKey?: string }[] = [];
for (const [parentKey, parent] of Object.entries(packages)) {
  const optional = parent.optionalDependencies ?? {};
  for (const [name, version] of Object.entries(optional)) {
    if (resolvedKey(parentKey, name) || !platformOf(name)) continue;
    const siblingKey = Object.keys(optional)
      .map((other) => resolvedKey(parentKey, other))
      .find((key): key is string => Boolean(key));
    missing.push({ key: `node_modules/${name}`, name, version, parent, siblingKey });
  }
}

if (missing.length === 0) {
  console.log("lockfile: every optional platform binary has an entry; npm ci will accept it");
  process.exit(0);
}

if (!process.argv.includes("--fix")) {
  console.error(`lockfile: ${missing.length} optional platform binaries are missing, so \`npm ci\` would refuse it:`);
  for (const entry of missing) console.error(`  ${entry.name}@${entry.version}`);
  console.error("Run `node scripts/lockfile-platforms.ts --fix` and commit package-lock.json.");
  process.exit(1);
}

for (const { key, name, version, parent, siblingKey } of missing) {
  const sibling = siblingKey ? packages[siblingKey] : undefined;
  const platform = platformOf(name)!;
  packages[key] = {
    version,
    cpu: platform.cpu,
    ...((sibling?.dev ?? parent.dev) ? { dev: true } : {}),
    ...(platform.libc ? { libc: platform.libc } : {}),
    ...(sibling?.license ? { license: sibling.license } : {}),
    optional: true,
    ...(platform.os ? { os: platform.os } : {}),
    ...(sibling?.engines ? { engines: sibling.engines } : {}),
  };
}
// npm writes the packages in this order; keeping it means the next `npm install` leaves the file as it is.
const [rootKey, ...rest] = Object.keys(packages);
lock.packages = Object.fromEntries(
  [rootKey!, ...rest.sort((a, b) => a.localeCompare(b, "en"))].map((key) => [key, packages[key]!]),
);
fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lockfile: added ${missing.length} optional platform binaries to ${path.basename(lockPath)}`);
