// Every environment setting the server reads, parsed once. Nothing else reads process.env.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

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

const dataDir = path.resolve(process.env.DATA_DIR || "./data");

/** A secret from the environment, or one generated once and kept in DATA_DIR. */
function persistentSecret(envName: string, fileName: string): string {
  const fromEnv = process.env[envName];
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, fileName);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
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
  migrationsDir: path.resolve(process.env.MIGRATIONS_DIR || "./server/db/migrations"),
  apiUrl: process.env.API_URL || undefined,
  siteName: process.env.SITE_NAME || "Camera Probe",
  seedDemo: flag("SEED_DEMO", true),
  trustProxy: flag("TRUST_PROXY", false),
  adminEmail: process.env.ADMIN_EMAIL || undefined,
  adminPassword: process.env.ADMIN_PASSWORD || undefined,
  /** Largest request body /api accepts before parsing; upload routes may set their own. */
  maxBodyBytes: int("MAX_BODY_BYTES", 1024 * 1024),
  sessionIdleDays: int("SESSION_IDLE_DAYS", 7),
  sessionAbsoluteDays: int("SESSION_ABSOLUTE_DAYS", 30),
  smtpUrl: process.env.SMTP_URL || undefined,
  mailFrom: process.env.MAIL_FROM || undefined,
  ownerEmail: process.env.OWNER_EMAIL || undefined,
  /** Secrets are read lazily so that importing config never touches the disk. */
  get secrets() {
    cachedSecrets ??= {
      session: persistentSecret("SESSION_SECRET", "session-secret"),
      encryption: persistentSecret("ENCRYPTION_KEY", "encryption-key"),
    };
    return cachedSecrets;
  },
};
