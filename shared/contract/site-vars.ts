// Site vars: one schema for the form, its route action and POST /api/admin/site/vars. The value is typed text
// that must parse as its type; /api stores it as val_object_json: {val}, a json value as the text it was written.
import { z } from "zod";
import { checkJsonText } from "../stored-json";
import {
  SITE_VAR_TYPES,
  type SiteVarType,
  SITE_VAR_KEY_MAX,
  SITE_VAR_VALUE_MAX,
  isSecretSiteVarKey,
} from "./site-vars-vocabulary";

export * from "./site-vars-vocabulary";

/** The value as JSON text (val's text in the stored {val}), or why the form's text does not fit the type. */
export type ParsedSiteVarValue = { ok: true; json: string } | { ok: false; message: string };

/**
 * Turns the form's text into the value's JSON text, or says why it does not fit the type. A json value stays the
 * text as written (digits, key order, whitespace); the others are numbers, true, false or a string.
 */
export function parseSiteVarValue(type: SiteVarType, text: string): ParsedSiteVarValue {
  const trimmed = text.trim();
  switch (type) {
    case "str":
      return { ok: true, json: JSON.stringify(text) };
    case "int": {
      const value = Number(trimmed);
      if (!/^[+-]?\d+$/.test(trimmed) || !Number.isSafeInteger(value)) {
        return { ok: false, message: "Enter a whole number, e.g. 42 (at most 15 digits)." };
      }
      return { ok: true, json: String(value) };
    }
    case "float": {
      const value = Number(trimmed);
      if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(trimmed) || !Number.isFinite(value)) {
        return { ok: false, message: "Enter a number, e.g. 3.14." };
      }
      return { ok: true, json: JSON.stringify(value) };
    }
    case "bool": {
      const lowered = trimmed.toLowerCase();
      if (lowered === "true" || lowered === "false") return { ok: true, json: lowered };
      return { ok: false, message: "Enter true or false." };
    }
    case "json": {
      const checked = checkJsonText(text, "The value");
      return checked.ok ? { ok: true, json: text } : checked;
    }
  }
}

/**
 * The value as the form and the table show it: a json var's text as saved (`jsonText`, read from the answer's
 * text, since the parsed `value` may have lost digits or key order), the others' value as text.
 */
export function formatSiteVarValue(type: string, value: unknown, jsonText: string | undefined): string {
  if (type === "json") return jsonText ?? JSON.stringify(value) ?? "null";
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
  /** val is null for a secret var: its value is never listed. A json var's val is its JSON text as saved. */
  val_object_json: z.object({
    val: z.unknown().meta({ description: "The value; of a json var, the JSON exactly as saved (digits, key order)" }),
  }),
  created_at: z.string(),
  secret: z.boolean().meta({ description: "Stored encrypted; val is null here and the value is never listed." }),
});
export type SiteVar = z.infer<typeof SiteVarRecordSchema>;

/** A created or updated var. */
export const SiteVarSavedResponseSchema = z.object({ obj: SiteVarRecordSchema });
export type SiteVarSavedResponse = z.infer<typeof SiteVarSavedResponseSchema>;

/** The vars anyone may read: site_name, probe_app_store_link and every key starting with public_. */
export const PublicSiteVarsResponseSchema = z.object({
  vars: z.record(z.string(), z.unknown().meta({ description: "A var's value; JSON exactly as saved" })),
});
export type PublicSiteVarsResponse = z.infer<typeof PublicSiteVarsResponseSchema>;
