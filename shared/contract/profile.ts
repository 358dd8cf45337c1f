// The settings forms: one schema each, shared by the form, the settings route's action and /api/user/*; and the
// profile and session counts /api/user/* answers with.
import { z } from "zod";
import { NewPasswordField, PASSWORD_MAX, SessionUserSchema } from "./auth";
import { THEMES } from "../theme";
import { DISPLAY_NAME_MAX } from "./profile-limits";
import { NO_CONTROL_CHARACTERS } from "./text-rules";

export { DISPLAY_NAME_MAX } from "./profile-limits";

export const DisplayNameSchema = z.object({
  // Empty clears the name: the email is shown instead as the display name.
  name: z
    .string()
    .regex(NO_CONTROL_CHARACTERS, "Name must be on a single line, without control characters.")
    .trim()
    .max(DISPLAY_NAME_MAX, `Name must be at most ${DISPLAY_NAME_MAX} characters.`)
    .optional(),
});

export const ChangePasswordSchema = z.object({
  current_password: z
    .string({ error: "Enter your current password." })
    .min(1, "Enter your current password.")
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`),
  new_password: NewPasswordField,
});

/** The form asks for the new password twice; /api gets it once. */
export const ChangePasswordFormSchema = ChangePasswordSchema.extend({
  confirm_password: z.string({ error: "Repeat the new password." }).min(1, "Repeat the new password."),
}).refine((value) => value.new_password === value.confirm_password, {
  path: ["confirm_password"],
  message: "The two new passwords differ.",
});

export const ThemeSchema = z.object({
  theme: z.enum(THEMES, { error: "Choose system, light or dark." }),
});

/** The signed-in user as the session names them, and what only their own profile shows. */
export const ProfileSchema = SessionUserSchema.extend({
  email_verified: z.boolean(),
  created_at: z.string(),
  last_login_time: z.string().nullable(),
  last_login_ip: z.string().nullable(),
  /** Live sessions of this user other than the caller's. */
  other_sessions: z.number().int(),
});

/** A password change or "sign out everywhere else": how many of the user's other sessions ended. */
export const SessionsEndedSchema = z.object({ ok: z.literal(true), signed_out_sessions: z.number().int() });

export type Profile = z.infer<typeof ProfileSchema>;
export type SessionsEnded = z.infer<typeof SessionsEndedSchema>;
