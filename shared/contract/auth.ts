// Sign-in and registration: one schema per form, shared by the form, the route action and /api.
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

/** Longest post-sign-in destination kept; a longer one falls back (no page of the site needs more). */
const MAX_REDIRECT_PATH_LENGTH = 2_000;

/**
 * Only same-site paths may be a post-sign-in destination (no open redirects). The path comes back as the URL parser
 * writes it: characters outside ASCII percent-encoded, so it can stand in a Location header.
 */
export function safeRedirectPath(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || target.length > MAX_REDIRECT_PATH_LENGTH) return fallback;
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  // oxlint-disable-next-line no-control-regex -- control characters are exactly what must be refused
  if (/[\u0000-\u001f\\]/.test(target)) return fallback;
  const base = "http://site.invalid";
  let url: URL;
  try {
    url = new URL(target, base);
  } catch {
    return fallback;
  }
  return url.origin === base ? url.pathname + url.search + url.hash : fallback;
}
