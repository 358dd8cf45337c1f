// Camera reports: ingestion from the probe app, list, detail, download (issue: camera reports).
import { OpenAPIHono } from "@hono/zod-openapi";
import type { ApiEnv } from "../context";

export const cameraRoutes = new OpenAPIHono<ApiEnv>();
