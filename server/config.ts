// Every environment setting the server reads, parsed once. Nothing else reads process.env.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sharedSecretsProblem } from "./shared-secrets";

function int(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new Error(`${name} must be a number, got "${raw}"`);
  return value;
}

function flag(name: string, fallback: boolean): boolean {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  return !["0", "false", "no", "off"].includes(raw.toLowerCase());
}

/**
 * How many proxies in front of this server add to X-Forwarded-For: 0 (none, the default) reads no forwarded
 * header at all; "true", "yes" and "on" mean one.
 */
function proxyHops(name: string): number {
  const raw = process.env[name]?.trim().toLowerCase();
  if (!raw || ["0", "false", "no", "off"].includes(raw)) return 0;
  if (["true", "yes", "on"].includes(raw)) return 1;
  const hops = Number(raw);
  if (!Number.isInteger(hops) || hops < 0 || hops > 10)
    throw new Error(`${name} must be a number of proxy hops from 0 to 10, got "${raw}"`);
  return hops;
}

const dataDir = path.resolve(process.env.DATA_DIR || "./data");

/** A secret from the environment, or one generated once and kept in DATA_DIR. */
function persistentSecret(envName: string, fileName: string): string {
  const fromEnv = process.env[envName];
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, fileName);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}

let cachedSecrets: { session: string; encryption: string } | undefined;

export const config = {
  isProduction: process.env.NODE_ENV === "production",
  port: int("PORT", 3000),
  host: process.env.HOST || "0.0.0.0",
  dataDir,
  databaseUrl: process.env.DATABASE_URL || undefined,
  /** PostgreSQL: the deadline of one database call (waiting for a connection, connecting, a query). */
  databaseTimeoutMs: int("DATABASE_TIMEOUT_MS", 3_000),
  migrationsDir: path.resolve(process.env.MIGRATIONS_DIR || "./server/db/migrations"),
  apiUrl: process.env.API_URL || undefined,
  siteName: process.env.SITE_NAME || "Camera Probe",
  /** The public address (https://example.org) for canonical URLs, robots.txt and the sitemap; default: the request's. */
  siteUrl: process.env.SITE_URL?.replace(/\/+$/, "") || undefined,
  seedDemo: flag("SEED_DEMO", true),
  /** Proxy hops whose X-Forwarded-For/-Proto/-Host entries are believed (server/lib/proxy.ts); 0: none. */
  trustProxy: proxyHops("TRUST_PROXY"),
  /** Anyone may sign up through /api/auth/register (finished by an e-mailed link); otherwise administrators create users. */
  registrationOpen: flag("REGISTRATION_OPEN", false),
  /** Sign-up requests accepted per client address and hour while registration is open. */
  registrationRateLimitPerHour: int("REGISTRATION_RATE_LIMIT_PER_HOUR", 5),
  adminEmail: process.env.ADMIN_EMAIL || undefined,
  adminPassword: process.env.ADMIN_PASSWORD || undefined,
  /** Largest request body /api accepts before parsing; upload routes may set their own. */
  maxBodyBytes: int("MAX_BODY_BYTES", 1024 * 1024),
  /** gzip/deflate for text answers; the benchmark turns it off to compare with a raw server byte for byte. */
  compression: flag("COMPRESSION", true),
  /** Pages marked public (camera pages for visitors not signed in) are kept in memory for their max-age. */
  pageCache: flag("PAGE_CACHE", true),
  pageCacheMegabytes: int("PAGE_CACHE_MB", 32),
  sessionIdleDays: int("SESSION_IDLE_DAYS", 7),
  sessionAbsoluteDays: int("SESSION_ABSOLUTE_DAYS", 30),
  smtpUrl: process.env.SMTP_URL || undefined,
  mailFrom: process.env.MAIL_FROM || undefined,
  ownerEmail: process.env.OWNER_EMAIL || undefined,
  /** Contact messages accepted per client address and minute. */
  contactRateLimitPerMinute: int("CONTACT_RATE_LIMIT_PER_MINUTE", 5),
  /** Camera report uploads accepted per API key and hour. */
  uploadRateLimitPerHour: int("UPLOAD_RATE_LIMIT_PER_HOUR", 1_000),
  /** How often unsent contact notifications are retried. */
  contactRetryIntervalSeconds: int("CONTACT_RETRY_INTERVAL_SECONDS", 300),
  /** Outside services of the admin area, read at each use so tests can point them at local fakes. */
  get integrations() {
    const env = process.env;
    return {
      google: {
        clientId: env.GOOGLE_CLIENT_ID || undefined,
        clientSecret: env.GOOGLE_CLIENT_SECRET || undefined,
        authorizationUrl: env.GOOGLE_AUTHORIZATION_URL || "https://accounts.google.com/o/oauth2/v2/auth",
        tokenUrl: env.GOOGLE_TOKEN_URL || "https://oauth2.googleapis.com/token",
        userinfoUrl: env.GOOGLE_USERINFO_URL || "https://openidconnect.googleapis.com/v1/userinfo",
        /** Fixed callback URL; by default the site's own /auth/admin/gmail/connect. */
        redirectUri: env.GOOGLE_REDIRECT_URI || undefined,
        gmailSmtpUrl: env.GMAIL_SMTP_URL || "smtps://smtp.gmail.com:465",
      },
      firebase: {
        projectId: env.FIREBASE_PROJECT_ID || undefined,
        serviceAccountJson: env.FIREBASE_SERVICE_ACCOUNT_JSON || undefined,
        credentialsFile: env.GOOGLE_APPLICATION_CREDENTIALS || undefined,
        authEmulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST || undefined,
      },
      imageHost: {
        /** Default host of the image-generation lab; the shipped host in this process when unset. */
        url: env.IMAGE_HOST_URL || undefined,
        apiKey: env.IMAGE_HOST_API_KEY || undefined,
        timeoutMs: int("IMAGE_HOST_TIMEOUT_MS", 60_000),
      },
      /** OAuth, Firebase and mail calls fail after this long. */
      timeoutMs: int("INTEGRATION_TIMEOUT_MS", 10_000),
    };
  },
  /** Secrets are read lazily so that importing config never touches the disk. */
  get secrets() {
    const problem = cachedSecrets ? null : sharedSecretsProblem(process.env);
    if (problem) throw new Error(problem);
    cachedSecrets ??= {
      session: persistentSecret("SESSION_SECRET", "session-secret"),
      encryption: persistentSecret("ENCRYPTION_KEY", "encryption-key"),
    };
    return cachedSecrets;
  },
};
