// Key/value store: one schema for the admin form, its route action and the admin /api endpoints; the service API
// (x-api-key) takes KvPutSchema.
import { z } from "zod";
import { checkJsonText } from "../stored-json";
import {
  KV_KEY_MAX,
  KV_PAGE_SIZE,
  KV_PAGE_SIZE_MAX,
  KV_TTL_MAX_SECONDS,
  KV_VALUE_MAX,
  KV_VALUE_TYPES,
  type KvValueType,
} from "./kv-vocabulary";

export * from "./kv-vocabulary";

// Keys travel in URL paths (/api/v1/kv/{key}), so no slash, space or percent sign.
export const KvKeyField = z
  .string({ error: "Key is required." })
  .trim()
  .min(1, "Key is required.")
  .max(KV_KEY_MAX, `Key must be at most ${KV_KEY_MAX} characters.`)
  .regex(/^[A-Za-z0-9._:-]+$/, "Key may contain only letters, digits and . _ : -");

/** "2026-12-31T23:59" (a datetime-local input, read as UTC) or a full ISO date-time. */
export function parseExpiry(text: string): Date | null {
  const trimmed = text.trim();
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/.test(trimmed)) return null;
  const hasZone = /(Z|[+-]\d{2}:\d{2})$/.test(trimmed);
  const date = new Date(hasZone ? trimmed : `${trimmed}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Whether the text fits the type: any text, or one JSON value (kept as written: digits, key order, whitespace). */
export function checkKvValue(type: KvValueType, text: string): { ok: true } | { ok: false; message: string } {
  if (type === "text") return { ok: true };
  const checked = checkJsonText(text, "The value");
  return checked.ok ? { ok: true } : checked;
}

export const KvEntrySchema = z
  .object({
    key: KvKeyField,
    // An empty text value is a value too: Conform turns the empty field into undefined.
    value: z
      .string()
      .max(KV_VALUE_MAX, `Value must be at most ${KV_VALUE_MAX.toLocaleString("en")} characters.`)
      .default(""),
    value_type: z.enum(KV_VALUE_TYPES, { error: "Value type must be text or json." }).default("text"),
    expires_at: z.string().max(40, "Enter a date and time, e.g. 2030-01-31T12:00.").optional(),
  })
  .superRefine((input, ctx) => {
    const checked = checkKvValue(input.value_type, input.value);
    if (!checked.ok) ctx.addIssue({ code: "custom", path: ["value"], message: checked.message });
    if (input.expires_at && !parseExpiry(input.expires_at)) {
      ctx.addIssue({ code: "custom", path: ["expires_at"], message: "Enter a date and time, e.g. 2030-01-31T12:00." });
    }
  });
export type KvEntryInput = z.infer<typeof KvEntrySchema>;

export const KvListQuerySchema = z.object({
  prefix: z.string().max(KV_KEY_MAX, `Prefix must be at most ${KV_KEY_MAX} characters.`).optional(),
  page: z.coerce.number({ error: "page must be a number." }).int().min(1, "page starts at 1.").max(100_000).default(1),
  page_size: z.coerce
    .number({ error: "page_size must be a number." })
    .int()
    .min(1, "page_size must be at least 1.")
    .max(KV_PAGE_SIZE_MAX, `page_size must be at most ${KV_PAGE_SIZE_MAX}.`)
    .default(KV_PAGE_SIZE),
});

/** The service API's write: any JSON value (a string is stored as text), and an optional time to live. */
export const KvPutSchema = z.object({
  value: z.unknown().refine((value) => value !== undefined, "value is required."),
  ttl_seconds: z
    .number({ error: "ttl_seconds must be a number." })
    .int("ttl_seconds must be a whole number.")
    .min(1, "ttl_seconds must be at least 1.")
    .max(KV_TTL_MAX_SECONDS, `ttl_seconds must be at most ${KV_TTL_MAX_SECONDS}.`)
    .optional(),
});

/** The key in the path of /api/admin/kv/{key} and /api/v1/kv/{key}. */
export const KvKeyParamsSchema = z.object({ key: KvKeyField });

/** A live entry as /api answers it. */
export const KvRecordSchema = z.object({
  key: z.string(),
  value_type: z.enum(KV_VALUE_TYPES),
  value: z.unknown().meta({ description: "A text entry's text, or a json entry's JSON exactly as stored" }),
  expires_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type KvEntry = z.infer<typeof KvRecordSchema>;

export const KvPageSchema = z.object({
  items: z.array(KvRecordSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type KvPage = z.infer<typeof KvPageSchema>;
