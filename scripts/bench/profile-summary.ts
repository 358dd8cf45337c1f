// node scripts/bench/profile-summary.ts DIR [FUNCTIONS]
//
// Where a CPU profile's time went, by package and by function. A benchmark run with
// BENCH_SERVER_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=DIR" leaves a profile of each process of each server it
// starts; this reads the one with the most busy time, which with one page (`--only=home`) is the worker that
// rendered it uncached. Shares are of the busy samples (start-up included, idle left out), as self time: a
// function's own work, not what it calls. FUNCTIONS (default 30) is how many functions to list.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [directory, functionCount = "30"] = process.argv.slice(2);
if (!directory || !existsSync(directory)) {
  console.error("usage: node scripts/bench/profile-summary.ts DIR [FUNCTIONS] (DIR: a folder of .cpuprofile files)");
  process.exit(2);
}
const isIdle = (node: ProfileNode | undefined) => node?.callFrame.functionName === "(idle)";

/** Microseconds sampled outside the idle state. */
function busyTime(profile: Profile): number {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  return profile.samples.reduce(
    (sum, id, index) => (isIdle(nodes.get(id)) ? sum : sum + (profile.timeDeltas[index] ?? 0)),
    0,
  );
}

const profiles = readdirSync(directory)
  .filter((name) => name.endsWith(".cpuprofile"))
  .map((name) => {
    const file = path.join(directory, name);
    const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
    return { file, profile, busy: busyTime(profile) };
  })
  .sort((a, b) => b.busy - a.busy);
if (!profiles[0]) {
  console.error(`no .cpuprofile in ${directory}`);
  process.exit(1);
}
const { file, profile } = profiles[0];
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));

/** The package a script belongs to (its node_modules folder, scope included), or the site's own file. */
function origin(url: string, functionName: string): string {
  if (!url) return functionName.startsWith("(") ? functionName : `(${functionName || "native"})`;
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (inPackage) return inPackage[1]!;
  if (url.startsWith("node:")) return url;
  return path.relative(process.cwd(), url.replace(/^file:\/\//, "")) || url;
}

const byOrigin = new Map<string, number>();
const byFunction = new Map<string, number>();
let total = 0;
let idle = 0;
profile.samples.forEach((id, index) => {
  const delta = profile.timeDeltas[index] ?? 0;
  const frame = nodes.get(id)?.callFrame;
  if (!frame) return;
  if (isIdle(nodes.get(id))) {
    idle += delta;
    return;
  }
  total += delta;
  const where = origin(frame.url, frame.functionName);
  byOrigin.set(where, (byOrigin.get(where) ?? 0) + delta);
  const name = `${frame.functionName || "(anonymous)"} ${where}:${frame.lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + delta);
});

const print = (title: string, shares: Map<string, number>, count: number) => {
  console.log(title);
  for (const [name, time] of [...shares].sort((a, b) => b[1] - a[1]).slice(0, count))
    console.log(`${((100 * time) / total).toFixed(1).padStart(6)} %  ${name}`);
};
console.log(`${file}: ${(total / 1e6).toFixed(1)} s busy, ${(idle / 1e6).toFixed(1)} s idle`);
print("\nby package or file (self time)", byOrigin, 25);
print("\nby function (self time)", byFunction, Number(functionCount));
