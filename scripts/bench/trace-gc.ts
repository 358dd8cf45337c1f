// BENCH_SERVER_NODE_OPTIONS=--import=./scripts/bench/trace-gc.ts: V8's GC trace in each server process (NODE_OPTIONS
// refuses --trace-gc itself). The trace counts milliseconds from the process's start; the time origin printed here
// lines them up with the wall-clock times of BENCH_LATENCY_LOG.
import v8 from "node:v8";

v8.setFlagsFromString("--trace-gc");
console.log(`[trace-gc] pid ${process.pid} time origin ${performance.timeOrigin}`);
