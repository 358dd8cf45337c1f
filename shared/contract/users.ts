// Administrator user actions: one schema per form, shared by the forms, the route
// actions and /api/v1/admin/auth.
import { z } from "zod";
import { emailField, NewPasswordField } from "./auth";
import { USER_PAGE_SIZE_DEFAULT, USER_PAGE_SIZE_MAX, USER_SEARCH_MAX } from "./users-vocabulary";

export * from "./users-vocabulary";

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

/** The payload is the negation of the current value. */
export const AccountVerifiedSchema = z.object({ email_verified: z.boolean() });

// The intents of the users page: each names its target by id. A form sends a true flag as "on" and a false
// one as nothing, hence the defaults.
export const UserIdSchema = z.object({ user_id: idField("The user") });
export const SetAdminFormSchema = UserIdSchema.extend({ is_superuser: z.boolean().default(false) });
export const AccountVerifiedFormSchema = z.object({
  account_id: idField("The account"),
  email_verified: z.boolean().default(false),
});

// ---------------------------------------------------------------- responses of /api/v1/admin/auth

export const AdminAccountSchema = z.object({
  id: z.string(),
  provider: z.string(),
  providerAccountId: z.string(),
  email: z.string().nullable(),
  email_verified: z.boolean(),
});
export type AdminAccount = z.infer<typeof AdminAccountSchema>;

/** One row of the administrator's user list; is_superuser is the effective admin flag (column or admin role). */
export const AdminUserListItemSchema = z
  .object({
    id: z.string(),
    user: z.object({
      id: z.string(),
      first_name: z.string().nullable(),
      email: z.string(),
      email_verified: z.boolean(),
      created_at: z.string(),
      is_superuser: z.boolean(),
      entitlements: z.array(z.string()),
      firebase_uid: z.string().nullable(),
      last_login_time: z.string().nullable(),
      last_login_ip: z.string().nullable(),
    }),
    spark_user: z.object({ num_id: z.number().int() }),
    spark_account_emails: z.array(z.string()),
    accounts: z.array(AdminAccountSchema),
  })
  .meta({ id: "AdminUserListItem" });
export type AdminUserListItem = z.infer<typeof AdminUserListItemSchema>;

export const UserSessionItemSchema = z.object({
  id: z.string(),
  did: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  expires: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type UserSessionItem = z.infer<typeof UserSessionItemSchema>;

/** The user list's search (part of the e-mail or the name, any case) and page. */
export const UserListQuerySchema = z.object({
  q: z.string().trim().max(USER_SEARCH_MAX, `q must be at most ${USER_SEARCH_MAX} characters.`).default(""),
  page: z.coerce
    .number({ error: "page must be a whole number from 1." })
    .int("page must be a whole number from 1.")
    .min(1, "page must be a whole number from 1.")
    .max(100_000, "page must be at most 100000.")
    .default(1),
  page_size: z.coerce
    .number({ error: `page_size must be a whole number from 1 to ${USER_PAGE_SIZE_MAX}.` })
    .int(`page_size must be a whole number from 1 to ${USER_PAGE_SIZE_MAX}.`)
    .min(1, `page_size must be a whole number from 1 to ${USER_PAGE_SIZE_MAX}.`)
    .max(USER_PAGE_SIZE_MAX, `page_size must be at most ${USER_PAGE_SIZE_MAX}.`)
    .default(USER_PAGE_SIZE_DEFAULT),
});
export type UserListQuery = z.infer<typeof UserListQuerySchema>;

export const UserListResponseSchema = z.object({
  user_list: z.array(AdminUserListItemSchema),
  /** How many users match the search (every user without one), on all pages. */
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type UserListResponse = z.infer<typeof UserListResponseSchema>;

export const UserDetailResponseSchema = z.object({
  item: AdminUserListItemSchema,
  sessions: z.array(UserSessionItemSchema),
});
export type UserDetailResponse = z.infer<typeof UserDetailResponseSchema>;

/** A created or changed user. */
export const UserItemResponseSchema = z.object({ item: AdminUserListItemSchema });
export type UserItemResponse = z.infer<typeof UserItemResponseSchema>;

export const EndedSessionsResponseSchema = z.object({ ended_sessions: z.number().int() });
export type EndedSessionsResponse = z.infer<typeof EndedSessionsResponseSchema>;

export const AccountResponseSchema = z.object({ account: AdminAccountSchema });
export type AccountResponse = z.infer<typeof AccountResponseSchema>;

/** The Firebase uid, also stored as the user's firebase_uid. */
export const FirebaseUserResponseSchema = z.object({ id: z.string() });
export type FirebaseUserResponse = z.infer<typeof FirebaseUserResponseSchema>;
