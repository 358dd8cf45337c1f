// The mail sender an administrator connects (Email Config): an OAuth 2.0 authorization-code flow
// with PKCE against Google, and the connected accounts ("connected sessions") whose refresh tokens, stored
// encrypted, let the mail module send as that account through Gmail (XOAUTH2).
//
// The flow is stateless on the server: the start step seals {state, verifier, user, redirect URI, time} with
// AES-256-GCM into a flow token the browser keeps in a short-lived cookie, and the callback opens it again.
import { createHash, timingSafeEqual } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import {
  GMAIL_CONNECT_PATH,
  type GmailConnectStartResponse,
  type MailConnection,
} from "#shared/contract/email-config.ts";
import { InvalidInputError, UnavailableError, UpstreamError, UpstreamTimeoutError } from "./errors";
import { config } from "../config";
import type { Database } from "../db/client";
import { mailConnections } from "../db/schema";
import { deleteAndHold, type HeldDelete } from "./deleted-records";
import { decryptSecret, encryptSecret, randomToken } from "../lib/crypto";
import { OutboundRefusedError, outboundFetch } from "../lib/outbound";
import { nodemailerTransport, type MailTransport } from "./mail-transport";

export type GoogleSettings = ReturnType<typeof googleSettings>;

function googleSettings() {
  return config.integrations.google;
}

const GMAIL_NOT_CONFIGURED = "Gmail connection is not configured: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET.";
/** https://mail.google.com/ is the scope Gmail's SMTP server needs for XOAUTH2. */
const GMAIL_SCOPES = "openid email https://mail.google.com/";
const FLOW_MAX_AGE_MS = 10 * 60 * 1000;

export function isGmailConfigured(settings: GoogleSettings = googleSettings()): boolean {
  return Boolean(settings.clientId && settings.clientSecret);
}

function requireConfigured(
  settings: GoogleSettings,
): asserts settings is GoogleSettings & { clientId: string; clientSecret: string } {
  if (!isGmailConfigured(settings)) throw new UnavailableError(GMAIL_NOT_CONFIGURED);
}

interface FlowState {
  v: 1;
  state: string;
  verifier: string;
  userId: string;
  redirectUri: string;
  createdAt: number;
}

/** The callback must come back to this site's connect page (or the fixed GOOGLE_REDIRECT_URI). */
function validRedirectUri(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === "http:" || url.protocol === "https:") &&
      url.pathname === GMAIL_CONNECT_PATH &&
      !url.search &&
      !url.hash
    );
  } catch {
    return false;
  }
}

export function startGmailConnect(
  input: { userId: string; redirectUri: string; loginHint?: string },
  settings: GoogleSettings = googleSettings(),
): GmailConnectStartResponse {
  requireConfigured(settings);
  const redirectUri = settings.redirectUri ?? input.redirectUri;
  if (!validRedirectUri(redirectUri)) {
    throw new InvalidInputError(`redirect_uri must be this site's ${GMAIL_CONNECT_PATH} URL.`, [
      { field: "redirect_uri", message: `Must end in ${GMAIL_CONNECT_PATH}.` },
    ]);
  }
  const flow: FlowState = {
    v: 1,
    state: randomToken(24),
    verifier: randomToken(48),
    userId: input.userId,
    redirectUri,
    createdAt: Date.now(),
  };
  const url = new URL(settings.authorizationUrl);
  url.searchParams.set("client_id", settings.clientId);
  url.searchParams.set("redirect_uri", redirectUri);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("scope", GMAIL_SCOPES);
  // Offline access with a fresh consent is what makes Google hand out a refresh token every time.
  url.searchParams.set("access_type", "offline");
  url.searchParams.set("prompt", "consent");
  url.searchParams.set("state", flow.state);
  url.searchParams.set("code_challenge", createHash("sha256").update(flow.verifier).digest("base64url"));
  url.searchParams.set("code_challenge_method", "S256");
  // Google preselects this account on its chooser.
  if (input.loginHint) url.searchParams.set("login_hint", input.loginHint);
  return { authorization_url: url.toString(), flow_token: encryptSecret(JSON.stringify(flow)) };
}

const FLOW_INVALID = "This connection attempt is not valid or has expired; start again from Email Config.";

function openFlow(flowToken: string, state: string, userId: string): FlowState {
  let flow: FlowState;
  try {
    flow = JSON.parse(decryptSecret(flowToken)) as FlowState;
  } catch {
    throw new InvalidInputError(FLOW_INVALID);
  }
  const expected = Buffer.from(flow.state ?? "");
  const given = Buffer.from(state);
  const stateMatches = expected.length === given.length && timingSafeEqual(expected, given);
  if (flow.v !== 1 || !stateMatches || flow.userId !== userId || Date.now() - flow.createdAt > FLOW_MAX_AGE_MS) {
    throw new InvalidInputError(FLOW_INVALID);
  }
  return flow;
}

async function callProvider(
  url: string,
  init: { method?: string; headers: Record<string, string>; body?: URLSearchParams },
  what: string,
  timeoutMs: number,
): Promise<Record<string, unknown>> {
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  let text: string;
  try {
    response = await outboundFetch(url, { ...init, signal });
    text = await response.text();
  } catch (error) {
    if (signal.aborted)
      throw new UpstreamTimeoutError(`Google did not answer the ${what} request within ${timeoutMs / 1000} s.`);
    if (error instanceof OutboundRefusedError)
      throw new UpstreamError(`Google's ${what} endpoint is not called: ${error.message}`);
    throw new UpstreamError(`Google could not be reached for the ${what} request.`);
  }
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = text ? JSON.parse(text) : {};
    if (parsed && typeof parsed === "object") body = parsed as Record<string, unknown>;
  } catch {
    body = {};
  }
  if (!response.ok) {
    const reason =
      [body.error, body.error_description].filter((part) => typeof part === "string").join(": ") ||
      `HTTP ${response.status}`;
    throw new UpstreamError(`Google refused the ${what} request (${reason}).`);
  }
  return body;
}

function toItem(row: typeof mailConnections.$inferSelect): MailConnection {
  return {
    id: row.id,
    email: row.email,
    last_login_ip: row.lastLoginIp,
    userId: row.userId,
    expires_at: row.expiresAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * The site's own words for each error code of RFC 6749 4.1.2.1. The provider's error_description is never shown:
 * it arrives in a query string anyone can write, so it could pass off an attacker's text as the site's.
 */
const OAUTH_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  access_denied: "Google refused the connection: the account's owner declined access. Nothing was connected.",
  invalid_request: "Google refused the connection: it found the request malformed. Start again from Email Config.",
  unauthorized_client:
    "Google refused the connection: this OAuth client may not connect accounts this way. " +
    "Check the client in the Google Cloud console.",
  unsupported_response_type:
    "Google refused the connection: it does not offer the authorization-code flow to this OAuth client.",
  invalid_scope:
    "Google refused the connection: it does not grant the permissions asked for (openid, email, Gmail). " +
    "Check the OAuth consent screen.",
  server_error: "Google refused the connection: Google had a problem of its own. Try again.",
  temporarily_unavailable: "Google refused the connection: Google is busy; try again later.",
};
const OAUTH_ERROR_UNKNOWN = "Google refused the connection with an error this site does not know. Try again.";

function oauthErrorMessage(code: string): string {
  return Object.hasOwn(OAUTH_ERROR_MESSAGES, code) ? OAUTH_ERROR_MESSAGES[code]! : OAUTH_ERROR_UNKNOWN;
}

/**
 * Exchanges the code (with the PKCE verifier), reads the account's e-mail and stores the connection. The flow and
 * its state are checked first, so a refusal from Google is believed only for an attempt this administrator began.
 */
export async function finishGmailConnect(
  db: Database,
  input: { code?: string; error?: string; state: string; flowToken: string; userId: string; ip: string | null },
  settings: GoogleSettings = googleSettings(),
  timeoutMs = config.integrations.timeoutMs,
): Promise<MailConnection> {
  requireConfigured(settings);
  const flow = openFlow(input.flowToken, input.state, input.userId);
  if (input.error !== undefined || input.code === undefined)
    throw new UpstreamError(oauthErrorMessage(input.error ?? ""));
  const tokens = await callProvider(
    settings.tokenUrl,
    {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: input.code,
        redirect_uri: flow.redirectUri,
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        code_verifier: flow.verifier,
      }),
    },
    "token",
    timeoutMs,
  );
  const accessToken = typeof tokens.access_token === "string" ? tokens.access_token : "";
  const refreshToken = typeof tokens.refresh_token === "string" ? tokens.refresh_token : "";
  if (!accessToken) throw new UpstreamError("Google answered without an access token.");
  if (!refreshToken) {
    throw new UpstreamError(
      "Google gave no refresh token: remove this site's access in the " +
        "Google account's security settings, then connect again.",
    );
  }
  const userinfo = await callProvider(
    settings.userinfoUrl,
    { headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" } },
    "user info",
    timeoutMs,
  );
  const email = typeof userinfo.email === "string" ? userinfo.email.trim().toLowerCase() : "";
  if (!email)
    throw new UpstreamError(
      "Google did not share the account's e-mail address; allow the email scope and connect again.",
    );
  const expiresIn = Number(tokens.expires_in);
  const values = {
    email,
    refreshTokenEncrypted: encryptSecret(refreshToken),
    lastLoginIp: input.ip,
    userId: input.userId,
    expiresAt: Number.isFinite(expiresIn) && expiresIn > 0 ? new Date(Date.now() + expiresIn * 1000) : null,
  };
  // Connecting the same account again replaces its token rather than listing it twice.
  const [existing] = await db
    .select({ id: mailConnections.id })
    .from(mailConnections)
    .where(eq(mailConnections.email, email))
    .limit(1);
  const [row] = existing
    ? await db
        .update(mailConnections)
        .set({ ...values, createdAt: new Date() })
        .where(eq(mailConnections.id, existing.id))
        .returning()
    : await db.insert(mailConnections).values(values).returning();
  if (!row) throw new Error("mail connection write returned nothing");
  return toItem(row);
}

export async function listMailConnections(db: Database): Promise<MailConnection[]> {
  const rows = await db.select().from(mailConnections).orderBy(desc(mailConnections.createdAt));
  return rows.map(toItem);
}

/** Deletes a connection with its sealed token, kept for undo (server/services/deleted-records.ts). */
export async function deleteMailConnection(db: Database, id: string, deletedBy: string): Promise<HeldDelete> {
  return db.transaction((tx) => deleteAndHold(tx, "mail_connection", id, deletedBy));
}

/** The connected account mail is sent as: the most recently connected one. */
async function currentGmailSender(db: Database): Promise<{ email: string; refreshToken: string } | null> {
  const [row] = await db.select().from(mailConnections).orderBy(desc(mailConnections.createdAt)).limit(1);
  if (!row) return null;
  try {
    return { email: row.email, refreshToken: decryptSecret(row.refreshTokenEncrypted) };
  } catch {
    // Sealed with an earlier ENCRYPTION_KEY: unusable until connected again.
    return null;
  }
}

/**
 * nodemailer transport options that send as the connected Gmail account (XOAUTH2: nodemailer trades the
 * refresh token for an access token at the token endpoint), or null when no account is connected.
 */
async function gmailTransportOptions(db: Database, settings: GoogleSettings = googleSettings()) {
  const { clientId, clientSecret } = settings;
  if (!clientId || !clientSecret) return null;
  const sender = await currentGmailSender(db);
  if (!sender) return null;
  const smtp = new URL(settings.gmailSmtpUrl);
  const secure = smtp.protocol === "smtps:";
  return {
    from: sender.email,
    options: {
      host: smtp.hostname,
      port: Number(smtp.port) || (secure ? 465 : 587),
      secure,
      auth: {
        type: "OAuth2" as const,
        user: sender.email,
        // The access token is fetched here rather than by nodemailer, so the token endpoint is called through
        // the checked, pinned path every outbound request takes.
        provisionCallback: (
          _user: string,
          _renew: boolean,
          callback: (error: Error | null, accessToken: string, expires: number) => void,
        ) => {
          refreshAccessToken({ ...settings, clientId, clientSecret }, sender.refreshToken).then(
            ({ accessToken, expires }) => callback(null, accessToken, expires),
            (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), "", 0),
          );
        },
      },
    },
  };
}

/** Trades the connected account's refresh token for an access token at Google's token endpoint. */
async function refreshAccessToken(
  settings: GoogleSettings & { clientId: string; clientSecret: string },
  refreshToken: string,
): Promise<{ accessToken: string; expires: number }> {
  const tokens = await callProvider(
    settings.tokenUrl,
    {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: refreshToken,
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
      }),
    },
    "token refresh",
    config.integrations.timeoutMs,
  );
  const accessToken = typeof tokens.access_token === "string" ? tokens.access_token : "";
  if (!accessToken) throw new Error("Google answered the token refresh without an access token.");
  const expiresIn = Number(tokens.expires_in);
  // Without a lifetime, a fresh token for every message.
  return {
    accessToken,
    expires: Number.isFinite(expiresIn) && expiresIn > 0 ? Date.now() + expiresIn * 1000 : Date.now(),
  };
}

/**
 * The mail module's transport for the connected Gmail account; null when none is connected (or Google is not set up).
 */
export async function connectedGmailTransport(db: Database): Promise<MailTransport | null> {
  const gmail = await gmailTransportOptions(db);
  if (!gmail) return null;
  return nodemailerTransport({
    description: `Gmail as ${gmail.from} (connected account)`,
    from: gmail.from,
    options: gmail.options,
  });
}
