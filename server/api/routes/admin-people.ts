// Administrator people and integrations: users, API keys, mail sender, image-generation config.
import { OpenAPIHono } from "@hono/zod-openapi";
import type { ApiEnv } from "../context";

export const adminPeopleRoutes = new OpenAPIHono<ApiEnv>();
