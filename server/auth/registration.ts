// Open registration, finished by e-mail: a sign-up request answers the same whether or not the address has an
// account, and only the mailbox's owner can finish it. The link carries the request itself, sealed with the
// server's encryption key (e-mail, password hash, name, expiry), so nothing is stored until it is used.
import { hashPassword } from "./password";
import { createUserWithHash, findUserByEmail, normalizeEmail } from "./users";
import type { Database } from "../db/client";
import { config } from "../config";
import { decryptSecret, encryptSecret } from "../lib/crypto";
import { sendMail } from "../services/mail";

export const REGISTRATION_LINK_HOURS = 24;
const VERIFY_REQUEST_PATH = "/account/login/verify-request";
const PURPOSE = "registration";

interface SealedRegistration {
  purpose: typeof PURPOSE;
  email: string;
  passwordHash: string;
  name: string | null;
  expiresAt: number;
}

/** Registration is closed, or open but missing what the e-mailed link needs; the message says which setting. */
export function registrationUnavailable(): { status: 403 | 503; message: string } | null {
  if (!config.registrationOpen)
    return { status: 403, message: "Registration is closed: an administrator creates accounts." };
  // The link's address must not come from the request's Host header, which whoever asks for the link chooses.
  if (!config.siteUrl)
    return { status: 503, message: "Registration needs SITE_URL (the site's public address) for the link it e-mails." };
  return null;
}

/**
 * Sends the address either a link to finish creating the account or, when it already has one, a note saying
 * so. Both paths hash the password and send one message, so neither the answer nor its timing tells them apart.
 */
export async function requestRegistration(
  db: Database,
  input: { email: string; password: string; name?: string | null },
): Promise<void> {
  const email = normalizeEmail(input.email);
  const sealed: SealedRegistration = {
    purpose: PURPOSE,
    email,
    passwordHash: await hashPassword(input.password),
    name: input.name?.trim() || null,
    expiresAt: Date.now() + REGISTRATION_LINK_HOURS * 3_600_000,
  };
  const site = config.siteUrl ?? "";
  if (await findUserByEmail(db, email)) {
    await sendMail(db, {
      to: email,
      subject: `${config.siteName}: you already have an account`,
      text: [
        `Someone asked to create an account on ${config.siteName} with this e-mail address, which already has one.`,
        `If it was you, sign in at ${site}/account/login. If it was not, you can ignore this message.`,
      ].join("\n\n"),
    });
    return;
  }
  const link = `${site}${VERIFY_REQUEST_PATH}?token=${encodeURIComponent(encryptSecret(JSON.stringify(sealed)))}`;
  await sendMail(db, {
    to: email,
    subject: `${config.siteName}: finish creating your account`,
    text: [
      `To finish creating your account on ${config.siteName}, open this link within ${REGISTRATION_LINK_HOURS} hours:`,
      link,
      "If you did not ask for an account, ignore this message: nothing is created without the link.",
    ].join("\n\n"),
  });
}

export type FinishRegistrationResult =
  | { ok: true; user: NonNullable<Awaited<ReturnType<typeof createUserWithHash>>> }
  | { ok: false; reason: "invalid" | "expired" | "exists" };

/** Creates the account a registration link describes. A link works once: afterwards the address has an account. */
export async function finishRegistration(db: Database, token: string): Promise<FinishRegistrationResult> {
  let sealed: SealedRegistration;
  try {
    sealed = JSON.parse(decryptSecret(token)) as SealedRegistration;
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (sealed.purpose !== PURPOSE || typeof sealed.email !== "string" || typeof sealed.passwordHash !== "string")
    return { ok: false, reason: "invalid" };
  if (!(sealed.expiresAt > Date.now())) return { ok: false, reason: "expired" };
  const user = await createUserWithHash(db, {
    email: sealed.email,
    passwordHash: sealed.passwordHash,
    name: sealed.name,
  });
  return user ? { ok: true, user } : { ok: false, reason: "exists" };
}
