// /api/health and /api/version: what an operator, a load balancer or the site health page reads.
import { z } from "zod";

const DatabaseHealthSchema = z.object({
  ok: z.boolean(),
  latency_ms: z.number().nullable(),
  error: z.string().nullable(),
});

export const HealthSchema = z.object({
  status: z.enum(["ok", "error"]),
  database: DatabaseHealthSchema,
  version: z.string(),
  uptime_s: z.number(),
  started_at: z.string(),
  /** Why the status is "error", readable by a person; null when everything answers. */
  detail: z.string().nullable(),
});

export const VersionSchema = z.object({ version: z.string() });

export type DatabaseHealth = z.infer<typeof DatabaseHealthSchema>;
export type Health = z.infer<typeof HealthSchema>;
