// Sign-in and registration: one schema per form, shared by the form, the route action and /api; and the session
// /api/auth answers with.
import { z } from "zod";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

export const emailField = z
  .string({ error: "Email is required." })
  .trim()
  .min(1, "Email is required.")
  .max(254, "Email must be at most 254 characters.")
  .pipe(z.email("Enter a valid email address."));

// Sign-in accepts any address that has the shape name@host (the first administrator is admin@localhost).
const signInEmailField = z
  .string({ error: "Email is required." })
  .trim()
  .min(1, "Email is required.")
  .max(254, "Email must be at most 254 characters.")
  .regex(/^[^\s@]+@[^\s@]+$/, "Enter a valid email address.");

export const LoginSchema = z.object({
  email: signInEmailField,
  // Sign-in checks only presence: the stored hash decides, and old passwords must keep working.
  password: z
    .string({ error: "Password is required." })
    .min(1, "Password is required.")
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`),
});

/** The sign-in page's form: the API's fields plus where to go next (the API gets only email and password). */
export const LoginFormSchema = LoginSchema.extend({ callbackUrl: z.string().optional() });

export const NewPasswordField = z
  .string({ error: "Password is required." })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`);

export const RegisterSchema = z.object({
  email: emailField,
  password: NewPasswordField,
  name: z.string().trim().max(100, "Name must be at most 100 characters.").optional(),
});

/** Finishing a registration: the token of the e-mailed link. */
export const RegisterFinishSchema = z.object({ token: z.string().min(1).max(4_000) });

/** What a sign-up request answers, whether or not the address has an account. */
export const RegistrationRequestedSchema = z.object({ detail: z.string() });

export const SessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  roles: z.array(z.string()),
  avatar: z.string().nullable(),
});

/** The caller's session; every field is null without one. */
export const SessionSchema = z.object({
  user: SessionUserSchema.nullable(),
  expires: z.string().nullable(),
  sessionToken: z.string().nullable(),
  did: z.string().nullable(),
});

export const LogoutResultSchema = z.object({ ok: z.boolean() });

export type SessionUser = z.infer<typeof SessionUserSchema>;
export type SessionInfo = z.infer<typeof SessionSchema>;

/** Longest post-sign-in destination kept; a longer one falls back (no page of the site needs more). */
const MAX_REDIRECT_PATH_LENGTH = 2_000;

/** The origin paths are resolved against; any origin would do, as only the path of the result is kept. */
const REDIRECT_BASE = "http://site.invalid";

/** A path a browser reads as this site's: one slash, not followed by another or by a backslash (`//host`). */
const isSiteRelativePath = (path: string) => path.startsWith("/") && path[1] !== "/" && path[1] !== "\\";

/**
 * Only same-site paths may be a post-sign-in destination (no open redirects). The target is resolved with the URL
 * parser against an origin, its origin compared after resolution, and what comes back is the parser's own
 * serialisation: dot segments resolved ("/..//evil" would otherwise become "//evil", another host), characters
 * outside ASCII percent-encoded so it can stand in a Location header.
 */
export function safeRedirectPath(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || target.length > MAX_REDIRECT_PATH_LENGTH) return fallback;
  // Declared shape first: a path, without the characters the parser drops or turns into slashes.
  // oxlint-disable-next-line no-control-regex -- control characters are exactly what must be refused
  if (!isSiteRelativePath(target) || /[\u0000-\u001f\u007f\\]/.test(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, REDIRECT_BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== REDIRECT_BASE) return fallback;
  const path = url.pathname + url.search + url.hash;
  // After resolution too: dot segments can leave an empty first segment, which a browser reads as a host.
  if (!isSiteRelativePath(path) || new URL(path, REDIRECT_BASE).href !== url.href) return fallback;
  return path;
}
