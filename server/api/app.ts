// The /api backend: a Hono app with an OpenAPI document generated from the zod schemas that validate requests.
import { OpenAPIHono } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { isRefusal, releaseWhenSent, type Admission } from "../lib/admission";
import { limitBodiesOnly } from "../lib/body-limit";
import { workerBodyBudget } from "../lib/body-budget";
import { limitJsonBodies } from "../lib/json-limits";
import { config } from "../config";
import { clientIp, csrfGuard, injectDeps, loadSession, type ApiDeps, type ApiEnv } from "./context";
import { ApiError, errorResponse, validationError } from "./errors";
import { accountRoutes } from "./routes/account";
import { adminRoutes } from "./routes/admin";
import { authRoutes } from "./routes/auth";
import { cameraRoutes } from "./routes/camera";
import { cameraExportRoutes } from "./routes/camera-export";
import { kvServiceRoutes } from "./routes/kv-service";
import { siteRoutes } from "./routes/site";
import { publicSiteVarRoutes } from "./routes/site-vars-public";
import { systemRoutes } from "./routes/system";

export type ApiApp = OpenAPIHono<ApiEnv>;

/**
 * The expensive operations, by method and path: each is admitted through the worker's admission control before its
 * body is read (server/lib/admission.ts). Every other operation reads a row or two and is never refused by it.
 */
const EXPENSIVE_API_ROUTES: readonly string[] = [
  "GET /api/camera/reports/export.csv",
  "GET /api/camera/reports/export.json",
  "GET /api/camera/reports",
  "GET /api/camera/stats",
  "POST /api/camera/reports",
  "POST /api/auth/login",
  "POST /api/auth/register",
];
const EXPENSIVE = new Set(EXPENSIVE_API_ROUTES);

export interface ApiAppOptions extends ApiDeps {
  /** The worker's admission control (host/app.ts makes one for pages and /api); without it nothing is refused. */
  admission?: Admission;
}

export function createApiApp(deps: ApiAppOptions): ApiApp {
  const api = new OpenAPIHono<ApiEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error);
    },
  }).basePath("/api");

  api.use("*", async (c, next) => {
    await next();
    // In place: c.header() after the handler would copy the whole Response.
    if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
  });
  const admission = deps.admission;
  if (admission) {
    api.use("*", async (c, next) => {
      // A page's own /api calls (bound client address) run inside that page's admitted render.
      if ((c.env as ApiEnv["Bindings"] | undefined)?.clientIp || !EXPENSIVE.has(`${c.req.method} ${c.req.path}`))
        return next();
      const outcome = admission.enter(clientIp(c));
      if (isRefusal(outcome))
        throw new ApiError(outcome.status, outcome.message, [], { "Retry-After": String(outcome.retryAfterSeconds) });
      const releaseAfterHandler = releaseWhenSent(c.env, outcome);
      try {
        await next();
      } finally {
        releaseAfterHandler();
      }
    });
  }
  // Every body takes its bytes from the worker's budget for unfinished bodies while it arrives (and must keep
  // arriving); a refusal fails the handler's read, and errorResponse answers it.
  api.use(
    "*",
    limitBodiesOnly(async (c, next) => {
      if (c.req.raw.body && !(c.env as ApiEnv["Bindings"] | undefined)?.clientIp) {
        c.req.raw = new Request(c.req.raw, {
          body: workerBodyBudget.meter(c.req.raw.body),
          duplex: "half",
        } as RequestInit);
      }
      await next();
    }),
  );
  api.use(
    "*",
    limitBodiesOnly(
      bodyLimit({
        maxSize: config.maxBodyBytes,
        onError: () => {
          throw new ApiError(413, `Request body too large: the limit is ${formatBytes(config.maxBodyBytes)}.`);
        },
      }),
    ),
  );
  api.use(
    "*",
    limitBodiesOnly(
      limitJsonBodies((violation) => {
        throw new ApiError(400, violation.message);
      }),
    ),
  );
  api.use("*", injectDeps(deps));
  api.use("*", loadSession);
  api.use("*", csrfGuard);

  api.route("/", systemRoutes);
  api.route("/", authRoutes);
  api.route("/", accountRoutes);
  api.route("/", cameraExportRoutes);
  api.route("/", cameraRoutes);
  api.route("/", siteRoutes);
  api.route("/", publicSiteVarRoutes);
  api.route("/", kvServiceRoutes);
  api.route("/", adminRoutes);

  // How callers authenticate, named by the operations that take it (security: [{ ApiKey: [] }]).
  api.openAPIRegistry.registerComponent("securitySchemes", "ApiKey", {
    type: "apiKey",
    in: "header",
    name: "x-api-key",
    description: "A key an administrator created in the admin area's API keys.",
  });
  api.openAPIRegistry.registerComponent("securitySchemes", "Session", {
    type: "http",
    scheme: "bearer",
    description: "a session token (POST /api/auth/login) as Authorization: Bearer <token>, or the session cookie",
  });
  // The document describes routes that never change while the process runs, and generating it is slow for a
  // request: it is made once, on the first request (every route is registered by then), and the same text answers
  // after.
  let openApiText: string | undefined;
  api.get("/openapi.json", (c) => {
    openApiText ??= JSON.stringify(
      api.getOpenAPI31Document({
        openapi: "3.1.0",
        info: { title: `${config.siteName} API`, version: config.appVersion },
      }),
    );
    return c.body(openApiText, 200, { "Content-Type": "application/json" });
  });

  api.notFound((c) => c.json({ detail: "Not Found", status_code: 404, errors: [] }, 404));
  api.onError((error, c) => errorResponse(c, error));
  return api;
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} bytes`;
}
