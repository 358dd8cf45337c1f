// Starts the site: `npm run dev` (Vite, hot reload) or `npm start` (the production build).
import cluster from "node:cluster";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { getRequestListener } from "@hono/node-server";
import type * as ServerAppModule from "./server/app.ts";
import { closeConnectionOnEarlyAnswer } from "./server/lib/early-answer.ts";
import { planWorkers, runPrimary } from "./server/cluster.ts";

const isProduction = process.env.NODE_ENV === "production";
const port = Number(process.env.PORT || 3000);
const host = process.env.HOST || "0.0.0.0";

if (isProduction && cluster.isPrimary) {
  const plan = planWorkers(process.env);
  if (plan.note) console.warn(`[server] ${plan.note}`);
  // The primary only supervises the workers; each worker runs the rest of this file.
  if (plan.workers > 1) await runPrimary(plan.workers);
}

let listener: http.RequestListener;
let closeDev: (() => Promise<void>) | undefined;
let appModule: typeof ServerAppModule;

if (isProduction) {
  const buildDir = path.resolve(process.env.BUILD_DIR || "build");
  appModule = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as typeof ServerAppModule;
  const app = await appModule.createServerApp({ clientDir: path.relative(process.cwd(), path.join(buildDir, "client")) });
  listener = getRequestListener(app.fetch);
} else {
  const vite = await import("vite");
  const devServer = await vite.createServer({ server: { middlewareMode: true }, appType: "custom" });
  closeDev = () => devServer.close();
  appModule = (await devServer.ssrLoadModule("./server/app.ts")) as typeof ServerAppModule;
  listener = (req, res) => {
    devServer.middlewares(req, res, async () => {
      try {
        const fresh = (await devServer.ssrLoadModule("./server/app.ts")) as typeof ServerAppModule;
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
    keepAliveTimeout: 5_000,
    // How often those limits are checked; Node's default (30 s) would let a slow client hold a socket for 40 s.
    connectionsCheckingInterval: 1_000,
  },
  closeConnectionOnEarlyAnswer(listener),
);

server.listen(port, host, () => {
  const worker = cluster.isWorker ? ` (worker ${process.pid})` : "";
  console.log(`[server] ${isProduction ? "production" : "development"} server on http://localhost:${port}${worker}`);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`[server] ${signal}: finishing in-flight requests`);
  const forceExit = setTimeout(() => {
    console.error("[server] in-flight requests did not finish within 25 s; exiting");
    process.exit(1);
  }, 25_000);
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
