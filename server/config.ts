// Every environment setting /api and the host read, parsed once. The web tier reads the few it needs itself
// (app/utils/env.server.ts), parsed the same way (shared/env.server.ts).
import path from "node:path";
import {
  appVersionSetting,
  dataDirSetting,
  flagSetting,
  integerSetting,
  persistentSecret,
  portSetting,
  proxyHopsSetting,
} from "#shared/env.server.ts";
import { sharedSecretsProblem } from "./shared-secrets";

const int = (name: string, fallback: number) => integerSetting(process.env, name, fallback);
const flag = (name: string, fallback: boolean) => flagSetting(process.env, name, fallback);
const dataDir = dataDirSetting(process.env);

let cachedSecrets: { session: string; encryption: string } | undefined;

export const config = {
  isProduction: process.env.NODE_ENV === "production",
  /** The version /api reports: APP_VERSION, else the package's. */
  appVersion: appVersionSetting(process.env),
  port: portSetting(process.env),
  host: process.env.HOST || "0.0.0.0",
  dataDir,
  databaseUrl: process.env.DATABASE_URL || undefined,
  /** PostgreSQL: the deadline of one database call (waiting for a connection, connecting, a query). */
  databaseTimeoutMs: int("DATABASE_TIMEOUT_MS", 3_000),
  /** PGlite's shared buffers in MB (server/db/client.ts says what it trades); PostgreSQL sets its own. */
  pgliteBuffersMegabytes: int("PGLITE_BUFFERS_MB", 16),
  migrationsDir: path.resolve(process.env.MIGRATIONS_DIR || "./server/db/migrations"),
  apiUrl: process.env.API_URL || undefined,
  siteName: process.env.SITE_NAME || "Camera Probe",
  /**
   * The public address (https://example.org) for canonical URLs, robots.txt and the sitemap; default: the request's.
   */
  siteUrl: process.env.SITE_URL?.replace(/\/+$/, "") || undefined,
  seedDemo: flag("SEED_DEMO", true),
  /** Proxy hops whose X-Forwarded-For/-Proto/-Host entries are believed (shared/http/proxy.ts); 0: none. */
  trustProxy: proxyHopsSetting(process.env, "TRUST_PROXY"),
  /**
   * Anyone may sign up through /api/auth/register (finished by an e-mailed link); otherwise administrators create
   * users.
   */
  registrationOpen: flag("REGISTRATION_OPEN", false),
  /** Sign-up requests accepted per client address and hour while registration is open. */
  registrationRateLimitPerHour: int("REGISTRATION_RATE_LIMIT_PER_HOUR", 5),
  /** Failed sign-ins per client address a minute, and per (account, address) in 15 minutes (auth/sign-in-throttle). */
  loginRateLimitPerMinute: int("LOGIN_RATE_LIMIT_PER_MINUTE", 10),
  adminEmail: process.env.ADMIN_EMAIL || undefined,
  adminPassword: process.env.ADMIN_PASSWORD || undefined,
  /** Largest request body /api accepts before parsing; upload routes may set their own. */
  maxBodyBytes: int("MAX_BODY_BYTES", 1024 * 1024),
  /**
   * Expensive requests (page renders and posts, exports, statistics, uploads, sign-in) one client address may have
   * in flight in a worker at once; past it, 429 with Retry-After (server/lib/admission.ts).
   */
  admissionPerClient: int("ADMISSION_PER_CLIENT", 4),
  /** Expensive requests a worker works on at once, from everyone; past it, 503 with Retry-After. */
  admissionMaxInFlight: int("ADMISSION_MAX_IN_FLIGHT", 4),
  /** The worker's event-loop delay (p99 of the last 0.5 s) past which expensive requests get 503; 0 turns it off. */
  admissionMaxEventLoopDelayMs: int("ADMISSION_MAX_EVENT_LOOP_DELAY_MS", 150),
  /** Bytes of request bodies still arriving that a worker holds, across all connections; past it, 503 and close. */
  bodyBudgetMegabytes: int("BODY_BUDGET_MB", 64),
  /** A body still arriving after BODY_RATE_GRACE_SECONDS must bring this many bytes a second; else 408 and close. */
  bodyMinBytesPerSecond: int("BODY_MIN_BYTES_PER_SECOND", 16 * 1024),
  /** How long a body may arrive at any pace before BODY_MIN_BYTES_PER_SECOND applies (over windows this long). */
  bodyRateGraceSeconds: int("BODY_RATE_GRACE_SECONDS", 5),
  /** gzip/deflate for text answers; the benchmark turns it off to compare with a raw server byte for byte. */
  compression: flag("COMPRESSION", true),
  /** Pages marked public (camera pages for visitors not signed in) are kept in memory for their max-age. */
  pageCache: flag("PAGE_CACHE", true),
  pageCacheMegabytes: int("PAGE_CACHE_MB", 32),
  /** X-Cache and a counted-on Age on the page cache's answers; off, as they tell who else asked for a URL. */
  pageCacheHeaders: flag("PAGE_CACHE_HEADERS", false),
  /** Server-Timing (API calls, queries, their time) on every answer; off: on administrators' answers only. */
  serverTiming: flag("SERVER_TIMING", false),
  sessionIdleDays: int("SESSION_IDLE_DAYS", 7),
  sessionAbsoluteDays: int("SESSION_ABSOLUTE_DAYS", 30),
  /** How often expired sessions are deleted (by one instance per interval, however many share the database). */
  sessionPurgeIntervalMinutes: integerSetting(process.env, "SESSION_PURGE_INTERVAL_MINUTES", 60, {
    min: 1,
    max: 7 * 24 * 60,
    unit: "minutes",
  }),
  smtpUrl: process.env.SMTP_URL || undefined,
  mailFrom: process.env.MAIL_FROM || undefined,
  ownerEmail: process.env.OWNER_EMAIL || undefined,
  /** Contact messages accepted per client address and minute. */
  contactRateLimitPerMinute: int("CONTACT_RATE_LIMIT_PER_MINUTE", 5),
  /** Least seconds between two rewrites of the file of every report's export (a change waits 1 s, then this). */
  exportRefreshSeconds: int("EXPORT_REFRESH_SECONDS", 10),
  /** Camera report uploads accepted per API key and hour. */
  uploadRateLimitPerHour: int("UPLOAD_RATE_LIMIT_PER_HOUR", 1_000),
  /**
   * Unknown x-api-key values and bearer tokens answered per client address and 15 minutes; then 429 for that
   * address's unknown ones (known keys and tokens still pass).
   */
  apiKeyFailuresPer15Minutes: int("API_KEY_FAILURES_PER_15_MINUTES", 20),
  /** Key/value writes and deletes accepted per API key and minute (administrators' sessions are not counted). */
  kvWriteRateLimitPerMinute: int("KV_WRITE_RATE_LIMIT_PER_MINUTE", 30),
  /** The key/value store's total size (keys and values, in bytes) beyond which writes that grow it get 413. */
  kvQuotaBytes: int("KV_QUOTA_BYTES", 10 * 1024 * 1024),
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
  /** Internal destinations outside services may reach (server/lib/outbound.ts); read at each use, as tests set it. */
  get outboundAllowHosts(): string {
    return process.env.OUTBOUND_ALLOW_HOSTS ?? "";
  },
  /** Secrets are read lazily so that importing config never touches the disk. */
  get secrets() {
    const problem = cachedSecrets ? null : sharedSecretsProblem(process.env);
    if (problem) throw new Error(problem);
    cachedSecrets ??= {
      session: persistentSecret(process.env, "SESSION_SECRET", dataDir, "session-secret"),
      encryption: persistentSecret(process.env, "ENCRYPTION_KEY", dataDir, "encryption-key"),
    };
    return cachedSecrets;
  },
};
