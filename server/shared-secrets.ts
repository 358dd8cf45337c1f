// With PostgreSQL, several instances may serve one database, and each must sign cookies and encrypt stored secrets
// with the same keys: secrets generated per instance would make every instance refuse the others' sessions and API
// keys. So with DATABASE_URL they must come from the environment. Checked by config (every process) and by
// server.ts before any worker starts, so a missing secret stops the server once instead of failing every worker.
// Loaded by server.ts with Node's own TypeScript support: node built-ins only, explicit extensions.
import { existsSync } from "node:fs";
import path from "node:path";

const SHARED_SECRETS = [
  { envName: "SESSION_SECRET", fileName: "session-secret" },
  { envName: "ENCRYPTION_KEY", fileName: "encryption-key" },
];

/** What to set, and how, when DATABASE_URL is set without the secrets; null when nothing is missing. */
export function sharedSecretsProblem(env: NodeJS.ProcessEnv): string | null {
  if (!env.DATABASE_URL) return null;
  const missing = SHARED_SECRETS.filter(({ envName }) => !env[envName]);
  if (missing.length === 0) return null;
  const lines = [
    `${missing.map(({ envName }) => envName).join(" and ")} must be set when DATABASE_URL is set: every ` +
      `instance on the database needs the same values, or one instance refuses the sessions and API keys of ` +
      `another.`,
    "Generate each value once, e.g. with `openssl rand -base64 32`, and give the same values to every instance.",
  ];
  const dataDir = path.resolve(env.DATA_DIR || "./data");
  for (const { envName, fileName } of missing) {
    const file = path.join(dataDir, fileName);
    if (existsSync(file)) {
      lines.push(
        `This server generated ${envName} earlier in ${file}: set ${envName} to its ` +
          `contents to keep what it protects (sessions, stored keys).`,
      );
    }
  }
  return lines.join("\n");
}
