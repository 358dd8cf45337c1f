// Starts the site: `npm run dev` (Vite, hot reload) or `npm start` (the production build).
import cluster from "node:cluster";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { getRequestListener } from "@hono/node-server";
import type * as ServerAppModule from "./host/app.ts";
import { closeConnectionOnEarlyAnswer } from "./host/process/early-answer.ts";
import { reclaimIdleConnectionsWhenCrowded } from "./host/process/idle-connections.ts";
import { runPrimary, workerShutdownMs } from "./host/process/cluster.ts";
import { releaseMemoryWhenQuiet } from "./host/process/quiet-memory.ts";
import { processSettings } from "./host/process/settings.ts";

const { isProduction, host, buildDir } = processSettings;

if (cluster.isPrimary) {
  const secretsProblem = processSettings.secretsProblem();
  if (secretsProblem) {
    console.error(`[server] ${secretsProblem}`);
    process.exit(1);
  }
}

/** A setting read from the environment; an invalid one ends start-up with its message alone, not a stack trace. */
function setting<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    console.error(`[server] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

// Read by the primary and by each worker (which inherits the environment).
const port = setting(processSettings.port);
const supervisor = setting(processSettings.supervisor);

if (isProduction && cluster.isPrimary) {
  const plan = setting(processSettings.workerPlan);
  if (plan.note) console.warn(`[server] ${plan.note}`);
  // The primary only supervises the workers (restarts a dead one, bounds shutdown); each worker runs the rest of
  // this file. Also with a single worker, so that a crash or a blocked event loop never takes the site down.
  await runPrimary(plan, supervisor, processSettings.nodeOptions);
}

if (cluster.isWorker) {
  // The primary logs the exit code; the cause is only known here.
  process.on("uncaughtException", (error, origin) => {
    console.error(
      `[server] worker ${process.pid}: ` +
        `${origin === "unhandledRejection" ? "unhandled rejection" : "uncaught exception"}; ` +
        `exiting`,
      error,
    );
    process.exit(1);
  });
}

let listener: http.RequestListener;
let closeDev: (() => Promise<void>) | undefined;
let appModule: typeof ServerAppModule;

if (isProduction) {
  appModule = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as typeof ServerAppModule;
  const app = await appModule.createServerApp({
    clientDir: path.relative(process.cwd(), path.join(buildDir, "client")),
  });
  listener = getRequestListener(app.fetch);
} else {
  const vite = await import("vite");
  const devServer = await vite.createServer({ server: { middlewareMode: true }, appType: "custom" });
  closeDev = () => devServer.close();
  appModule = (await devServer.ssrLoadModule("./host/app.ts")) as typeof ServerAppModule;
  listener = (req, res) => {
    devServer.middlewares(req, res, async () => {
      try {
        const fresh = (await devServer.ssrLoadModule("./host/app.ts")) as typeof ServerAppModule;
        const app = await fresh.createServerApp();
        await getRequestListener(app.fetch)(req, res);
      } catch (error) {
        devServer.ssrFixStacktrace(error as Error);
        console.error(error);
        res.statusCode = 500;
        res.end("Internal Server Error");
      }
    });
  };
  // Open the database before the first request, so start-up messages show at once.
  await appModule.createServerApp();
}

const server = http.createServer(
  {
    // Slow-loris defence: a client must send its headers and body within these limits.
    headersTimeout: 10_000,
    requestTimeout: 60_000,
    // Longer than the idle time-out of the proxies and clients that pool connections to us (60 s is common), so
    // they stop reusing a connection before we close it; with Node's 5 s, a request sent on a pooled connection as
    // it closed was lost with ECONNRESET. An idle connection costs a socket and no work, and when connections run
    // high the idle ones are closed first (below).
    keepAliveTimeout: 65_000,
    // How often those limits are checked; Node's default (30 s) would let a slow client hold a socket for 40 s.
    connectionsCheckingInterval: 1_000,
  },
  closeConnectionOnEarlyAnswer(listener),
);

reclaimIdleConnectionsWhenCrowded(server);
if (isProduction) releaseMemoryWhenQuiet(server);

server.listen(port, host, () => {
  const worker = cluster.isWorker ? ` (worker ${process.pid})` : "";
  console.log(`[server] ${isProduction ? "production" : "development"} server on http://localhost:${port}${worker}`);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`[server] ${signal}: finishing in-flight requests`);
  // Under the primary's own deadline, which kills a worker that cannot even run this timer.
  const shutdownMs = workerShutdownMs(supervisor);
  const forceExit = setTimeout(() => {
    console.error(`[server] in-flight requests did not finish within ${shutdownMs / 1000} s; exiting`);
    process.exit(1);
  }, shutdownMs);
  forceExit.unref();
  server.closeIdleConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await appModule.stopRuntime();
  await closeDev?.();
  console.log("[server] stopped");
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
