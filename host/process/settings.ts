// The settings the process entry (server.ts) reads: where to listen, which build to serve, how to supervise the
// workers. The application's own are read in server/config.ts (/api) and app/utils/env.server.ts (the web tier);
// every one is described in docs/configuration.md.
import path from "node:path";
import { portSetting } from "#shared/env.server.ts";
import { sharedSecretsProblem } from "#server/shared-secrets.ts";
import { planWorkers, supervisorTimings } from "./cluster.ts";

const env = process.env;

/** Read at start-up; each reader throws an invalid setting's message, which server.ts prints alone. */
export const processSettings = {
  isProduction: env.NODE_ENV === "production",
  port: () => portSetting(env),
  host: env.HOST || "0.0.0.0",
  buildDir: path.resolve(env.BUILD_DIR || "build"),
  /** The operator's node flags, which the workers' own flags must not override. */
  nodeOptions: env.NODE_OPTIONS,
  secretsProblem: () => sharedSecretsProblem(env),
  supervisor: () => supervisorTimings(env),
  workerPlan: () => planWorkers(env),
};
