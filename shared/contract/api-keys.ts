// The API key form, shared by the form, the route action and POST /api/v1/admin/api_keys.
import { z } from "zod";
import { estimateEntropyBits } from "../key-strength";
import {
  API_KEY_MAX,
  API_KEY_MIN,
  API_KEY_MIN_ENTROPY_BITS,
  API_KEY_REQUIRED,
  API_KEY_SCOPES,
  SERVICE_NAME_MAX,
  SERVICE_NAME_MIN,
} from "./api-keys-vocabulary";

export * from "./api-keys-vocabulary";

export const ApiKeyScopeSchema = z.enum(API_KEY_SCOPES, {
  error: `A scope is one of ${API_KEY_SCOPES.join(", ")}.`,
});

/** Refuses a key a guesser could find: one that is short on entropy, with the estimate and the floor. */
function strongEnough(key: string, ctx: z.RefinementCtx): void {
  // A key of the wrong length is told so by the length checks alone.
  if (key.length < API_KEY_MIN || key.length > API_KEY_MAX) return;
  const bits = Math.floor(estimateEntropyBits(key));
  if (bits >= API_KEY_MIN_ENTROPY_BITS) return;
  ctx.addIssue({
    code: "custom",
    message:
      `API key is too easy to guess: about ${bits} bits of entropy, at least ${API_KEY_MIN_ENTROPY_BITS} are ` +
      "needed (repeats and runs such as 1111 or abcd count for little). Press Generate for a random key.",
  });
}

export const ApiKeySchema = z
  .object({
    edit_id: z
      .string()
      .trim()
      .optional()
      .transform((value) => value || undefined)
      .pipe(z.uuid("The key being edited is not a valid id.").optional()),
    service_name: z
      .string({ error: "Service name is required." })
      .trim()
      .min(SERVICE_NAME_MIN, `Service name must be at least ${SERVICE_NAME_MIN} characters.`)
      .max(SERVICE_NAME_MAX, `Service name must be at most ${SERVICE_NAME_MAX} characters.`),
    // Editing may leave it empty: the saved key stays (the form is never filled with the saved key).
    api_key: z
      .string()
      .trim()
      .optional()
      .transform((value) => value || undefined)
      .pipe(
        z
          .string()
          .min(API_KEY_MIN, `API key must be at least ${API_KEY_MIN} characters.`)
          .max(API_KEY_MAX, `API key must be at most ${API_KEY_MAX} characters.`)
          .regex(/^[\x21-\x7e]+$/, "API key must be printable ASCII without spaces.")
          .superRefine(strongEnough)
          .optional(),
      ),
    // What the key may do. Left out: a new key gets DEFAULT_API_KEY_SCOPES, an edited one keeps its own.
    scopes: z
      .array(ApiKeyScopeSchema)
      .max(API_KEY_SCOPES.length * 2, `At most ${API_KEY_SCOPES.length * 2} scopes may be posted.`)
      .transform((scopes) => API_KEY_SCOPES.filter((scope) => scopes.includes(scope)))
      .optional(),
  })
  // Checked even when other fields are invalid, so a missing key is reported with them.
  .refine((input) => Boolean(input.edit_id) || input.api_key !== undefined, {
    path: ["api_key"],
    message: API_KEY_REQUIRED,
    when: (payload) => typeof payload.value === "object" && payload.value !== null,
  });

export type ApiKeyInput = z.infer<typeof ApiKeySchema>;

// ---------------------------------------------------------------- responses of /api/v1/admin/api_keys

export const ApiKeyRecordSchema = z
  .object({
    id: z.string(),
    service_name: z.string(),
    // The key's first characters and "…", never the whole key (that is fetched one key at a time); null when it
    // cannot be decrypted (ENCRYPTION_KEY changed).
    api_key: z.string().nullable(),
    created_at: z.string(),
    user_id: z.string().nullable(),
    scopes: z.array(ApiKeyScopeSchema),
  })
  .meta({ id: "ApiKeyRecord" });
export type ApiKeyRecord = z.infer<typeof ApiKeyRecordSchema>;

export const ApiKeyListResponseSchema = z.object({ api_keys: z.array(ApiKeyRecordSchema) });
export type ApiKeyListResponse = z.infer<typeof ApiKeyListResponseSchema>;

/** A created or updated key. */
export const ApiKeySavedResponseSchema = z.object({ api_key: ApiKeyRecordSchema });
export type ApiKeySavedResponse = z.infer<typeof ApiKeySavedResponseSchema>;

/** One key in full, for a copy or reveal action. */
export const ApiKeySecretResponseSchema = z.object({ api_key: z.string() });
export type ApiKeySecretResponse = z.infer<typeof ApiKeySecretResponseSchema>;

/** The caller's own session token, for the copy button of the My session block. */
export const SessionTokenResponseSchema = z.object({ session_token: z.string() });
export type SessionTokenResponse = z.infer<typeof SessionTokenResponseSchema>;
