// Benchmark of the JSON formatter (target: formatting 1 MB takes under 100 ms on the server). Not a test.
// Run: npx node scripts/bench-json.ts
import { createServer } from "vite";

type Engine = typeof import("#shared/tools/json/engine.ts");

/** A typical API dump: objects with strings, numbers (one beyond 2^53), booleans, nulls and small arrays. */
function sampleDocument(targetBytes: number): string {
  const records: string[] = [];
  let size = 2;
  for (let i = 0; size < targetBytes; i++) {
    const record =
      `{"id":${i},"name":"user ${i} e","email":"u${i}@example.com","score":${(i * 1.37).toFixed(2)},` +
      `"big":12345678901234567${i % 10}0,"active":${i % 2 === 0},"tags":["a","b","c"],` +
      `"nested":{"x":${i},"y":null,"z":[1.5,2e10]}}`;
    size += record.length + 1;
    records.push(record);
  }
  return `[${records.join(",")}]`;
}

function measure(label: string, runs: number, work: () => unknown): void {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  console.log(
    `${label.padEnd(48)} median ${median.toFixed(1).padStart(7)} ms   best ` +
      `${times[0]!.toFixed(1).padStart(7)} ms   (${runs} runs)`,
  );
}

const vite = await createServer({
  configFile: false,
  server: { middlewareMode: true },
  appType: "custom",
  logLevel: "error",
});
try {
  const { formatJson } = (await vite.ssrLoadModule("/shared/tools/json/engine.ts")) as Engine;
  const oneMegabyte = sampleDocument(1024 * 1024);
  const tenMegabytes = sampleDocument(10 * 1024 * 1024 - 1024);
  // Warm up the JIT as a running server would be.
  for (let i = 0; i < 5; i++) formatJson(oneMegabyte, { indent: "2", sortKeys: false, jsonc: false });

  measure("1 MB, indent 2", 21, () => formatJson(oneMegabyte, { indent: "2", sortKeys: false, jsonc: false }));
  measure("1 MB, minified", 21, () => formatJson(oneMegabyte, { indent: "minified", sortKeys: false, jsonc: false }));
  measure("1 MB, indent 4, sorted keys, JSONC", 21, () =>
    formatJson(oneMegabyte, { indent: "4", sortKeys: true, jsonc: true }),
  );
  measure("1 MB, JSON.parse + stringify (lossy; reference)", 21, () =>
    JSON.stringify(JSON.parse(oneMegabyte), null, 2),
  );
  measure("10 MB, indent 2", 5, () => formatJson(tenMegabytes, { indent: "2", sortKeys: false, jsonc: false }));
} finally {
  await vite.close();
}
