// Public site endpoints: contact messages and the current terms/privacy entries.
import { OpenAPIHono } from "@hono/zod-openapi";
import type { ApiEnv } from "../context";

export const siteRoutes = new OpenAPIHono<ApiEnv>();
