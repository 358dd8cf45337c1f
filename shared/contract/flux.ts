// The image-generation lab form, its limits and defaults. One schema for the form (text fields),
// the route action and POST /api/v1/admin/img_gen/flux (JSON): it accepts the prompt as text or as a list
// and echo data as JSON text or as an object, and always yields the host's request payload. Echo data comes out as
// its JSON text, kept as written (digits, key order, whitespace); POST /api/v1/admin/img_gen/flux takes an object's
// text from the body as written.
import { z } from "zod";
import { checkJsonLimits } from "../json-limits";
import { checkJsonText } from "../stored-json";
import { FLUX_DEFAULTS, FLUX_LIMITS } from "./flux-vocabulary";

export * from "./flux-vocabulary";

const NO_PROMPT = "No prompt input found!";

/** One prompt per line; blank lines dropped. */
export function promptLines(prompt: string | readonly string[]): string[] {
  const lines = typeof prompt === "string" ? prompt.split(/\r?\n/) : prompt.flatMap((entry) => entry.split(/\r?\n/));
  return lines.map((line) => line.trim()).filter(Boolean);
}

const promptField = z
  .union([z.string({ error: NO_PROMPT }), z.array(z.string()).max(FLUX_LIMITS.prompts)], { error: NO_PROMPT })
  // Blank input is 'No prompt input found!' below; a lone character is too short.
  .refine((value) => {
    const length = (typeof value === "string" ? value : value.join("")).trim().length;
    return length === 0 || length >= 2;
  }, "Prompt must be at least 2 characters.")
  .transform(promptLines)
  .pipe(
    z
      .array(
        z
          .string()
          .max(FLUX_LIMITS.promptChars, `Each prompt line must be at most ${FLUX_LIMITS.promptChars} characters.`),
      )
      .min(1, NO_PROMPT)
      .max(FLUX_LIMITS.prompts, `At most ${FLUX_LIMITS.prompts} prompt lines at once.`),
  );

const echoDataField = z
  .union([
    z.string().max(FLUX_LIMITS.echoChars, `Echo data must be at most ${FLUX_LIMITS.echoChars} characters.`),
    z.record(z.string(), z.unknown()),
  ])
  .optional()
  .transform((value, ctx): string => {
    if (value === undefined) return "{}";
    if (typeof value !== "string") return JSON.stringify(value);
    if (!value.trim()) return "{}";
    const tooLarge = checkJsonLimits(value, "Echo data");
    if (tooLarge) {
      ctx.addIssue({ code: "custom", message: tooLarge.message });
      return z.NEVER;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      ctx.addIssue({ code: "custom", message: "Echo data must be valid JSON." });
      return z.NEVER;
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
      ctx.addIssue({ code: "custom", message: "Echo data must be a JSON object." });
      return z.NEVER;
    }
    // Kept as text, so a key written twice would be read differently by each reader of it.
    const checked = checkJsonText(value, "Echo data");
    if (!checked.ok) {
      ctx.addIssue({ code: "custom", message: checked.message });
      return z.NEVER;
    }
    return value;
  });

const intBetween = (label: string, min: number, max: number, fallback: number) =>
  z
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be from ${min} to ${max}.`)
    .max(max, `${label} must be from ${min} to ${max}.`)
    .default(fallback);

export const FluxSchema = z.object({
  prompt: promptField,
  steps: intBetween("Steps", FLUX_LIMITS.stepsMin, FLUX_LIMITS.stepsMax, FLUX_DEFAULTS.steps),
  width: intBetween("Width", FLUX_LIMITS.sizeMin, FLUX_LIMITS.sizeMax, FLUX_DEFAULTS.width),
  height: intBetween("Height", FLUX_LIMITS.sizeMin, FLUX_LIMITS.sizeMax, FLUX_DEFAULTS.height),
  ai_model_id: z
    .string()
    .trim()
    .min(2, "Model must be at least 2 characters.")
    .max(200, "Model must be at most 200 characters.")
    .default(FLUX_DEFAULTS.model),
  input_img_id: z.string().trim().max(200, "Input image id must be at most 200 characters.").optional(),
  host: z
    .string({ error: "Host is required." })
    .trim()
    .min(5, "Host must be at least 5 characters.")
    .max(500, "Host must be at most 500 characters.")
    .refine(isHttpUrl, "Host must be an http:// or https:// URL."),
  api_key: z
    .string({ error: "API Key not found!" })
    .trim()
    .min(1, "API Key not found!")
    .max(512, "API key must be at most 512 characters."),
  echo_data: echoDataField,
});

/** The lab page's form: the saved key never goes into the page, so an empty key means "use the saved key". */
export const FluxPageSchema = FluxSchema.extend({
  api_key: z.string().trim().max(512, "API key must be at most 512 characters.").optional(),
});

export type FluxInput = z.input<typeof FluxSchema>;
export type FluxRequest = z.output<typeof FluxSchema>;

export const FluxHistoryQuerySchema = z.object({
  requestor_id: z.string().trim().max(200, "requestor_id must be at most 200 characters.").optional(),
});

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && !url.username && !url.password;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- responses of /api/v1/admin/img_gen

/** An image job as the host answers it. */
export const ImageJobSchema = z
  .object({
    id: z.string(),
    prompt: z.string(),
    image_url: z.string(),
    width: z.number(),
    height: z.number(),
    echo_data: z
      .record(z.string(), z.unknown())
      .meta({ description: "The echo data as written (digits, key order, whitespace), with requestor_id and type" }),
    created_at: z.string().nullish(),
    ai_model_id: z.string().nullish(),
  })
  .meta({ id: "ImageJob" });
export type ImageJob = z.infer<typeof ImageJobSchema>;

/** The host and key the lab sends to: the site vars img_gen_host and img_gen_api_key, else the shipped host. */
export const ImageGenConfigSchema = z.object({ host: z.string(), api_key: z.string() });
export type ImageGenConfig = z.infer<typeof ImageGenConfigSchema>;

export const ImageJobListResponseSchema = z.object({ result_list: z.array(ImageJobSchema) });
export type ImageJobListResponse = z.infer<typeof ImageJobListResponseSchema>;

export const ImageJobDeletedResponseSchema = z.object({
  ok: z.boolean(),
  hold_id: z
    .uuid()
    .nullable()
    .describe("Undoes the delete for 10 minutes (POST /api/v1/admin/deleted/{hold_id}/restore); the shipped host only"),
});
