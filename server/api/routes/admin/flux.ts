// The image-generation lab: the configured host, generation, the host's history and deleting a job. The server
// calls the host; the browser never does. Echo data is answered as the host wrote it (jsonWithStoredText).
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import {
  FluxHistoryQuerySchema,
  FluxSchema,
  ImageGenConfigSchema,
  ImageJobDeletedResponseSchema,
  ImageJobListResponseSchema,
} from "#shared/contract/flux.ts";
import { checkJsonText, jsonTextsAt } from "#shared/stored-json.ts";
import { deleteJob, generateImages, imageGenConfig, jobHistory } from "#server/services/image-host.ts";
import { requireAdmin, type ApiEnv } from "#server/api/context.ts";
import { ApiError } from "#server/api/errors.ts";
import { jsonWithStoredText } from "#server/api/json-text-response.ts";
import { ErrorBodySchema, jsonBody, jsonResponse } from "#server/api/openapi.ts";
import { adminErrors, badInput, upstream } from "./common";

export const adminFluxRoutes = new OpenAPIHono<ApiEnv>();

adminFluxRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/admin/img_gen/config",
    tags: ["admin: image generation"],
    middleware: [requireAdmin] as const,
    responses: {
      200: jsonResponse(ImageGenConfigSchema, "Site vars img_gen_host and img_gen_api_key, else the shipped host."),
      ...adminErrors,
    },
  }),
  async (c) => c.json(await imageGenConfig(c.var.db), 200),
);

adminFluxRoutes.openapi(
  createRoute({
    method: "post",
    path: "/v1/admin/img_gen/flux",
    tags: ["admin: image generation"],
    middleware: [requireAdmin] as const,
    request: { body: jsonBody(FluxSchema) },
    responses: {
      200: jsonResponse(ImageJobListResponseSchema, "The host's jobs, one per prompt line."),
      ...badInput,
      422: jsonResponse(ErrorBodySchema, "The host is an address this site does not call (the `host` field says why)."),
      ...adminErrors,
      ...upstream,
    },
  }),
  async (c) => {
    const request = c.req.valid("json");
    // Echo data given as an object is sent as the body writes it; given as text, it is that text (FluxSchema).
    const written = jsonTextsAt(await c.req.text(), ["echo_data"])[0];
    let echoText = request.echo_data;
    if (written?.startsWith("{")) {
      const checked = checkJsonText(written, "Echo data");
      if (!checked.ok) throw new ApiError(400, checked.message, [{ field: "echo_data", message: checked.message }]);
      echoText = written;
    }
    const jobs = await generateImages(
      { host: request.host, apiKey: request.api_key, hostField: "host" },
      request,
      echoText,
    );
    return jsonWithStoredText(c, { result_list: jobs }, 200);
  },
);

adminFluxRoutes.openapi(
  createRoute({
    method: "get",
    path: "/v1/admin/img_gen/history",
    tags: ["admin: image generation"],
    middleware: [requireAdmin] as const,
    request: { query: FluxHistoryQuerySchema },
    responses: {
      200: jsonResponse(ImageJobListResponseSchema, "Recent jobs of the configured host, or one requestor's."),
      ...badInput,
      ...adminErrors,
      ...upstream,
    },
  }),
  async (c) => {
    const config = await imageGenConfig(c.var.db);
    const requestorId = c.req.valid("query").requestor_id || undefined;
    const jobs = await jobHistory({ host: config.host, apiKey: config.api_key }, requestorId);
    return jsonWithStoredText(c, { result_list: jobs }, 200);
  },
);

adminFluxRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/v1/admin/img_gen/job/{id}",
    tags: ["admin: image generation"],
    middleware: [requireAdmin] as const,
    request: {
      params: z.object({
        id: z
          .string()
          .min(1)
          .max(200)
          .openapi({ param: { name: "id", in: "path" } }),
      }),
    },
    responses: {
      200: jsonResponse(ImageJobDeletedResponseSchema, "The host deleted the job."),
      404: jsonResponse(ErrorBodySchema, "The host has no such job."),
      ...badInput,
      ...adminErrors,
      ...upstream,
    },
  }),
  async (c) => {
    const config = await imageGenConfig(c.var.db);
    const holdId = await deleteJob({ host: config.host, apiKey: config.api_key }, c.req.valid("param").id);
    return c.json({ ok: true, hold_id: holdId }, 200);
  },
);
