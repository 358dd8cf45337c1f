// What `npm run bench -- --help` prints.
export const USAGE = `npm run bench [-- options]: about 5 minutes on loopback; writes bench/results.json.
  --large          100,000 reports instead of 1,000
  --no-build       reuse build-bench/ from an earlier run
  --duration=N     seconds per autocannon run, 2 to 10 (default 5)
  --only=KEYS      only these of home, report, search, json-tool, api-reports, list-combos, stats, terms, export
                   attack and fair-share
                   (comma-separated)
  --soak           instead of the passes: 10 minutes of mixed uncached load, the server's RSS each minute
  --help           print this and exit
The server gets only the environment the benchmark sets; BENCH_SERVER_NODE_OPTIONS becomes its NODE_OPTIONS
(to compare node flags, e.g. --max-semi-space-size=0 for V8's own young generation).
BENCH_SERVER_LOG=FILE appends the servers' output to FILE.
BENCH_LATENCY_LOG=FILE appends each request of the paced half-rate runs (up to 1,000 req/s) to FILE as a JSON line:
path, when, how long, the server's Server-Timing.`;
