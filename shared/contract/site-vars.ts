// Site vars: one schema for the form, its route action and POST /api/admin/site/vars. The value is typed text
// that must parse as its type; /api stores the parsed value as val_object_json: {val}.
import { z } from "zod";
import { checkJsonLimits } from "../json-limits";

export const SITE_VAR_TYPES = ["str", "int", "float", "bool", "json"] as const;
export type SiteVarType = (typeof SITE_VAR_TYPES)[number];
export const SITE_VAR_KEY_MAX = 100;
export const SITE_VAR_VALUE_MAX = 100_000;

/** Vars that hold a credential, by name: stored encrypted, masked in lists, never sent to a page. */
export const SECRET_SITE_VAR_KEYS: readonly string[] = ["img_gen_api_key"];
/** An administrator makes any var secret by its name: this prefix, or one of the suffixes below. */
export const SECRET_SITE_VAR_PREFIX = "secret_";
export const SECRET_SITE_VAR_SUFFIXES: readonly string[] = ["_api_key", "_secret", "_password", "_token"];

export function isSecretSiteVarKey(key: string): boolean {
  const lowered = key.trim().toLowerCase();
  return (
    SECRET_SITE_VAR_KEYS.includes(lowered) ||
    lowered.startsWith(SECRET_SITE_VAR_PREFIX) ||
    SECRET_SITE_VAR_SUFFIXES.some((suffix) => lowered.endsWith(suffix))
  );
}

export type ParsedSiteVarValue = { ok: true; value: unknown } | { ok: false; message: string };

/** Turns the form's text into the stored value, or says why it does not fit the type. */
export function parseSiteVarValue(type: SiteVarType, text: string): ParsedSiteVarValue {
  const trimmed = text.trim();
  switch (type) {
    case "str":
      return { ok: true, value: text };
    case "int": {
      const value = Number(trimmed);
      if (!/^[+-]?\d+$/.test(trimmed) || !Number.isSafeInteger(value)) {
        return { ok: false, message: "Enter a whole number, e.g. 42 (at most 15 digits)." };
      }
      return { ok: true, value };
    }
    case "float": {
      const value = Number(trimmed);
      if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(trimmed) || !Number.isFinite(value)) {
        return { ok: false, message: "Enter a number, e.g. 3.14." };
      }
      return { ok: true, value };
    }
    case "bool": {
      const lowered = trimmed.toLowerCase();
      if (lowered === "true") return { ok: true, value: true };
      if (lowered === "false") return { ok: true, value: false };
      return { ok: false, message: "Enter true or false." };
    }
    case "json": {
      const tooLarge = checkJsonLimits(text, "The value");
      if (tooLarge) return { ok: false, message: tooLarge.message };
      try {
        return { ok: true, value: JSON.parse(text) as unknown };
      } catch (error) {
        return { ok: false, message: `Enter valid JSON (${error instanceof Error ? error.message : "parse error"}).` };
      }
    }
  }
}

/** The stored value as the form and the table show it; JSON with the tree editor's indent of 4. */
export function formatSiteVarValue(type: string, value: unknown, indent = 0): string {
  if (type === "json") return JSON.stringify(value, null, indent) ?? "null";
  return typeof value === "string" ? value : String(value);
}

export const SiteVarSchema = z
  .object({
    id: z.coerce
      .number({ error: "id must be a number." })
      .int("id must be a whole number.")
      .positive("id must be positive.")
      .max(2 ** 31 - 1, "No such site var.")
      .optional(),
    key: z
      .string({ error: "It must be at least 2 characters." })
      .trim()
      .min(2, "It must be at least 2 characters.")
      .max(SITE_VAR_KEY_MAX, `It must be at most ${SITE_VAR_KEY_MAX} characters.`),
    // Empty only when editing a secret var: its saved value stays (the form never holds it).
    sv_val: z
      .string({ error: "Required." })
      .max(SITE_VAR_VALUE_MAX, `It must be at most ${SITE_VAR_VALUE_MAX.toLocaleString("en")} characters.`)
      // A form's empty field arrives as no field at all.
      .optional()
      .transform((value) => value ?? ""),
    sv_val_type: z.enum(SITE_VAR_TYPES, { error: "Pick one of str, int, float, bool, json." }),
  })
  // Checked even when other fields are invalid, so an empty value is reported with them.
  .refine(
    (input) =>
      Boolean(input.sv_val) ||
      (input.id !== undefined && typeof input.key === "string" && isSecretSiteVarKey(input.key)),
    {
      path: ["sv_val"],
      message: "Required.",
      when: (payload) => typeof payload.value === "object" && payload.value !== null,
    },
  )
  .superRefine((input, ctx) => {
    if (input.sv_val === "") return;
    const parsed = parseSiteVarValue(input.sv_val_type, input.sv_val);
    if (!parsed.ok) ctx.addIssue({ code: "custom", path: ["sv_val"], message: parsed.message });
  });
export type SiteVarInput = z.infer<typeof SiteVarSchema>;

/** A site var as /api answers it. */
export const SiteVarRecordSchema = z.object({
  id: z.number().int(),
  named_key: z.string(),
  val_type: z.enum(SITE_VAR_TYPES),
  /** val is null for a secret var: its value is never listed. */
  val_object_json: z.object({ val: z.unknown() }),
  created_at: z.string(),
  secret: z.boolean().meta({ description: "Stored encrypted; val is null here and the value is never listed." }),
});
export type SiteVar = z.infer<typeof SiteVarRecordSchema>;

/** A created or updated var. */
export const SiteVarSavedResponseSchema = z.object({ obj: SiteVarRecordSchema });
export type SiteVarSavedResponse = z.infer<typeof SiteVarSavedResponseSchema>;

/** The vars anyone may read: site_name, probe_app_store_link and every key starting with public_. */
export const PublicSiteVarsResponseSchema = z.object({ vars: z.record(z.string(), z.unknown()) });
export type PublicSiteVarsResponse = z.infer<typeof PublicSiteVarsResponseSchema>;
