// Administrator content: admin home, site data, site vars, key/value store, wonder items and tags.
import { OpenAPIHono } from "@hono/zod-openapi";
import type { ApiEnv } from "../context";

export const adminContentRoutes = new OpenAPIHono<ApiEnv>();
