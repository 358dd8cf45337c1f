// Administrator user actions (spec §2 "Admin users"): one schema per form, shared by the forms, the route
// actions and /api/v1/admin/auth.
import { z } from "zod";
import { emailField, NewPasswordField } from "./auth";

const idField = (what: string) => z.uuid(`${what} is not a valid id.`);

export const CreateUserSchema = z.object({
  email: emailField,
  name: z.string().trim().max(100, "Name must be at most 100 characters.").optional(),
  password: NewPasswordField,
  is_superuser: z.boolean().default(false),
});

/** The administrator sets a new password; every session of the user ends. */
export const SetPasswordSchema = z.object({ password: NewPasswordField });

export const ChangePasswordFormSchema = SetPasswordSchema.extend({
  user_id: idField("The user"),
  confirm_password: z.string({ error: "Repeat the new password." }),
}).refine((value) => value.password === value.confirm_password, {
  message: "The passwords do not match.",
  path: ["confirm_password"],
});

export const SetAdminSchema = z.object({ is_superuser: z.boolean() });

/** §7: the payload is the negation of the current value. */
export const AccountVerifiedSchema = z.object({ email_verified: z.boolean() });

// The intents of the users page: each names its target by id. A form sends a true flag as "on" and a false
// one as nothing, hence the defaults.
export const UserIdSchema = z.object({ user_id: idField("The user") });
export const SetAdminFormSchema = UserIdSchema.extend({ is_superuser: z.boolean().default(false) });
export const AccountVerifiedFormSchema = z.object({
  account_id: idField("The account"),
  email_verified: z.boolean().default(false),
});

/** The only provider whose e-mail flag the administrator toggles (spec §2). */
export const SPARK_PROVIDER = "spark";
