// The signed-in user's own profile, settings, password and sessions.
import { OpenAPIHono } from "@hono/zod-openapi";
import type { ApiEnv } from "../context";

export const accountRoutes = new OpenAPIHono<ApiEnv>();
