// The small image host the project ships (history, history by requestor, generate, delete), so the image-generation lab
// works out of the box and tests have a real host to call. It draws deterministic SVGs from the prompt instead of
// running a model. Mounted in the site's process at /image-host (host/app.ts); tests also serve it on a port.
import { createHash, timingSafeEqual } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import type { Database } from "../db/client";
import { imageHostJobs } from "../db/schema";
import { deleteAndHold } from "../services/deleted-records";
import { checkJsonLimits } from "#shared/json-limits.ts";
import { jsonTextsAt } from "#shared/stored-json.ts";
import { JsonText, stringifyWithJsonText } from "../lib/json-text";
import { imageDataUrl } from "./image";

const IMAGE_HOST_MAX_BODY_BYTES = 256 * 1024;
const HISTORY_MAX = 100;

export interface ImageHostOptions {
  db: Database;
  /** The x-api-key callers must send; read at each request so it can come from lazily read secrets. */
  apiKey: () => string;
}

const FluxRequest = z.object({
  prompt: z.union([z.string(), z.array(z.string().max(2_000)).max(20)]),
  steps: z.number().int().min(1).max(1000).default(30),
  width: z.number().int().min(64).max(10_000).default(512),
  height: z.number().int().min(64).max(10_000).default(512),
  ai_model_id: z.string().min(1).max(200).default("black-forest-labs/FLUX.1-dev"),
  input_img_id: z.string().max(200).nullish(),
  echo_data: z.record(z.string(), z.unknown()).default({}),
});

type JobRow = typeof imageHostJobs.$inferSelect;

function toJob(row: JobRow) {
  return {
    id: row.id,
    prompt: row.prompt,
    image_url: imageDataUrl({
      prompt: row.prompt,
      model: row.model,
      steps: row.steps,
      width: row.width,
      height: row.height,
    }),
    width: row.width,
    height: row.height,
    steps: row.steps,
    ai_model_id: row.model,
    input_img_id: row.inputImgId,
    echo_data: new JsonText(row.echoData),
    created_at: row.createdAt.toISOString(),
  };
}

function sameSecret(given: string, expected: string): boolean {
  // Digests have equal length, so the comparison time says nothing about the key.
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b) && expected.length > 0;
}

/** A list of jobs, each job's echo data as its caller wrote it. */
function jobList(c: Context, rows: JobRow[]) {
  return c.body(stringifyWithJsonText({ result_list: rows.map(toJob) }), 200, { "content-type": "application/json" });
}

function fail(c: Context, status: 400 | 401 | 404 | 413, detail: string) {
  return c.json({ detail, status_code: status }, status);
}

function historyLimit(c: Context): number {
  const raw = Number(c.req.query("limit") ?? HISTORY_MAX);
  return Number.isInteger(raw) && raw > 0 ? Math.min(raw, HISTORY_MAX) : HISTORY_MAX;
}

export function createImageHostApp(options: ImageHostOptions) {
  const app = new Hono();
  const { db } = options;

  app.get("/", (c) =>
    c.json({
      service: "Camera Probe image host",
      endpoints: [
        "POST /model/flux",
        "GET /history?limit=100",
        "GET /history/requestor/{requestorId}?limit=100",
        "DELETE /job/{id}",
      ],
    }),
  );

  app.use("*", async (c, next) => {
    if (!sameSecret(c.req.header("x-api-key") ?? "", options.apiKey()))
      return fail(c, 401, "Invalid or missing x-api-key.");
    await next();
  });

  app.post(
    "/model/flux",
    bodyLimit({
      maxSize: IMAGE_HOST_MAX_BODY_BYTES,
      onError: (c) => fail(c, 413, "Request body too large: the limit is 256 KiB."),
    }),
    async (c) => {
      const text = await c.req.text();
      const tooLarge = checkJsonLimits(text, "The request body");
      if (tooLarge) return fail(c, 400, tooLarge.message);
      let body: unknown;
      try {
        body = JSON.parse(text) as unknown;
      } catch {
        return fail(c, 400, "The request body is not valid JSON.");
      }
      const parsed = FluxRequest.safeParse(body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return fail(c, 400, `${issue?.path.join(".") || "body"}: ${issue?.message ?? "invalid"}`);
      }
      const request = parsed.data;
      const prompts = (typeof request.prompt === "string" ? [request.prompt] : request.prompt)
        .map((p) => p.trim())
        .filter(Boolean);
      if (prompts.length === 0) return fail(c, 400, "prompt: no prompt given.");
      const requestorId =
        typeof request.echo_data.requestor_id === "string" ? request.echo_data.requestor_id.slice(0, 200) : null;
      // Kept as the caller wrote it: digits, key order and whitespace.
      const echoText = jsonTextsAt(text, ["echo_data"])[0] ?? "{}";
      const rows = await db
        .insert(imageHostJobs)
        .values(
          prompts.map((prompt) => ({
            prompt,
            model: request.ai_model_id,
            steps: request.steps,
            width: request.width,
            height: request.height,
            inputImgId: request.input_img_id ?? null,
            echoData: echoText,
            requestorId,
          })),
        )
        .returning();
      return jobList(c, rows);
    },
  );

  app.get("/history", async (c) => {
    const rows = await db
      .select()
      .from(imageHostJobs)
      .orderBy(desc(imageHostJobs.createdAt), desc(imageHostJobs.id))
      .limit(historyLimit(c));
    return jobList(c, rows);
  });

  app.get("/history/requestor/:requestorId", async (c) => {
    const requestorId = c.req.param("requestorId");
    const rows = await db
      .select()
      .from(imageHostJobs)
      .where(eq(imageHostJobs.requestorId, requestorId))
      .orderBy(desc(imageHostJobs.createdAt), desc(imageHostJobs.id))
      .limit(historyLimit(c));
    return jobList(c, rows);
  });

  app.delete("/job/:id", async (c) => {
    const id = c.req.param("id");
    if (!z.uuid().safeParse(id).success) return fail(c, 404, "No such job.");
    // Kept for undo in the site's database, which this host shares: the lab's Undo restores the same job.
    const { deleted, holdId } = await db.transaction((tx) => deleteAndHold(tx, "image_job", id, null));
    if (deleted === 0) return fail(c, 404, "No such job.");
    return c.json({ deleted, hold_id: holdId });
  });

  app.notFound((c) => fail(c, 404, "Not Found"));
  app.onError((error, c) => {
    console.error("[image-host] unhandled error:", error instanceof Error ? error.message : error);
    return c.json({ detail: "Internal server error", status_code: 500 }, 500);
  });
  return app;
}
