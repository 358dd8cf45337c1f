// Reading settings from the environment, the same way in both tiers: each reads the variables it needs
// (server/config.ts, app/utils/env.server.ts), and in one process they agree because they parse alike.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

type Environment = Record<string, string | undefined>;

/** Bounds of a setting that must be a whole number, and its unit for the message that refuses one outside them. */
export interface WholeNumberBounds {
  min: number;
  max: number;
  unit?: string;
}

export function integerSetting(env: Environment, name: string, fallback: number, bounds?: WholeNumberBounds): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (bounds) {
    if (!Number.isInteger(value) || value < bounds.min || value > bounds.max) {
      const unit = bounds.unit ? ` of ${bounds.unit}` : "";
      throw new Error(`${name} must be a whole number${unit} from ${bounds.min} to ${bounds.max}, got "${raw}"`);
    }
    return value;
  }
  if (!Number.isFinite(value)) throw new Error(`${name} must be a number, got "${raw}"`);
  return value;
}

/** The port to listen on (PORT), read alike by the process entry and by /api's allow-list of its own address. */
export function portSetting(env: Environment): number {
  return integerSetting(env, "PORT", 3000, { min: 0, max: 65_535 });
}

/** The version the site reports: APP_VERSION, else the package's as npm gives it, read alike by both tiers. */
export function appVersionSetting(env: Environment): string {
  return env.APP_VERSION ?? env.npm_package_version ?? "0.0.0";
}

export function flagSetting(env: Environment, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  return !["0", "false", "no", "off"].includes(raw.toLowerCase());
}

/**
 * How many proxies in front of this server add to X-Forwarded-For: 0 (none, the default) reads no forwarded
 * header at all; "true", "yes" and "on" mean one.
 */
export function proxyHopsSetting(env: Environment, name: string): number {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw || ["0", "false", "no", "off"].includes(raw)) return 0;
  if (["true", "yes", "on"].includes(raw)) return 1;
  const hops = Number(raw);
  if (!Number.isInteger(hops) || hops < 0 || hops > 10)
    throw new Error(`${name} must be a number of proxy hops from 0 to 10, got "${raw}"`);
  return hops;
}

export function dataDirSetting(env: Environment): string {
  return path.resolve(env.DATA_DIR || "./data");
}

/** A secret from the environment, or one generated once and kept in DATA_DIR (both tiers find the same file). */
export function persistentSecret(env: Environment, envName: string, dataDir: string, fileName: string): string {
  const fromEnv = env[envName];
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, fileName);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}
