// Every administrator endpoint, one module per resource.
import { OpenAPIHono } from "@hono/zod-openapi";
import type { ApiEnv } from "#server/api/context.ts";
import { adminApiKeyRoutes } from "./api-keys";
import { adminContactMessageRoutes } from "./contact-messages";
import { adminDeletedRoutes } from "./deleted";
import { adminHomeRoutes } from "./home";
import { adminFluxRoutes } from "./flux";
import { adminKvRoutes } from "./kv";
import { adminEmailConfigRoutes } from "./email-config";
import { adminSiteDataRoutes } from "./site-data";
import { adminSiteVarRoutes } from "./site-vars";
import { adminUserRoutes } from "./users";
import { adminWonderItemRoutes } from "./wonder-items";
import { adminWonderTagRoutes } from "./wonder-tags";

export const adminRoutes = new OpenAPIHono<ApiEnv>()
  .route("/", adminHomeRoutes)
  .route("/", adminSiteDataRoutes)
  .route("/", adminSiteVarRoutes)
  .route("/", adminKvRoutes)
  .route("/", adminWonderTagRoutes)
  .route("/", adminWonderItemRoutes)
  .route("/", adminContactMessageRoutes)
  .route("/", adminUserRoutes)
  .route("/", adminApiKeyRoutes)
  .route("/", adminEmailConfigRoutes)
  .route("/", adminFluxRoutes)
  .route("/", adminDeletedRoutes);
