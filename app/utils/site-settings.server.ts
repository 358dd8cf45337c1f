// Settings the site shows everywhere (the site name) and the other public site vars, from /api, with the
// environment as the fallback. Every page asks for them, so they are cached in memory for a few seconds;
// a site var saved on this instance or another one sharing the database clears the cache at once (host/app.ts
// calls invalidateSiteSettings when /api announces the change).
import type { RouterContextProvider } from "react-router";
import { apiRequest, noteDataAge } from "./api.server";
import { webEnv } from "./env.server";

export interface SiteSettings {
  siteName: string;
}

/** Site var keys the web tier reads; any var whose key starts with "public_" is readable with getSiteVar too. */
const SITE_VAR = {
  siteName: "site_name",
} as const;

/**
 * Half the shortest max-age of a cached page (10 s): the settings' age counts in every page's Age, so a page built
 * from them always has at least 5 s left to be cached (docs/decisions/0076).
 */
const SITE_SETTINGS_TTL_MS = 5_000;
// After a failed read, wait this long before asking again, serving the fallback meanwhile.
const FAILURE_TTL_MS = 2_000;

type ReadableContext = Readonly<RouterContextProvider>;
type PublicVars = Record<string, unknown>;

/** readAt: when the vars were read from the database (the time of the fetch, less the answer's own Age). */
let cached: { vars: PublicVars; expiresAt: number; readAt: number } | null = null;
let inFlight: Promise<PublicVars> | null = null;
// Bumped by invalidateSiteSettings: an answer that was already on its way when a var changed is not cached.
let generation = 0;

async function fetchPublicVars(context: ReadableContext): Promise<PublicVars> {
  const startedIn = generation;
  // Public data: asked without the visitor's session, so the answer is the same for everyone.
  const result = await apiRequest<{ vars: PublicVars }>(context, "/site/vars/public", {
    token: null,
    timeoutMs: 3_000,
  });
  const ok = result.ok && typeof result.data?.vars === "object" && result.data.vars !== null;
  const vars = ok ? result.data.vars : (cached?.vars ?? {});
  if (!ok)
    console.warn(
      "[site-settings] could not read the public site vars:",
      result.ok ? "malformed answer" : result.error.detail,
    );
  if (startedIn === generation) {
    const now = Date.now();
    const answerAgeMs = Number(result.headers.get("age") ?? 0) * 1000 || 0;
    const readAt = now - answerAgeMs;
    cached = { vars, expiresAt: readAt + (ok ? SITE_SETTINGS_TTL_MS : FAILURE_TTL_MS), readAt };
  }
  return vars;
}

/** Every public site var, {key: value}; concurrent callers share one request. */
async function getPublicSiteVars(context: ReadableContext): Promise<PublicVars> {
  const now = Date.now();
  if (cached && cached.expiresAt > now) {
    noteDataAge(context, Math.ceil((now - cached.readAt) / 1000));
    return cached.vars;
  }
  inFlight ??= fetchPublicVars(context).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** One public site var, or the fallback when it is not set. */
export async function getSiteVar(
  context: ReadableContext,
  key: string,
  fallback: unknown = undefined,
): Promise<unknown> {
  const vars = await getPublicSiteVars(context);
  return Object.hasOwn(vars, key) ? vars[key] : fallback;
}

/** One public site var as non-empty text, or the fallback (for names, links…). */
export async function getSiteVarText(context: ReadableContext, key: string, fallback: string): Promise<string>;
export async function getSiteVarText(context: ReadableContext, key: string, fallback: null): Promise<string | null>;
export async function getSiteVarText(
  context: ReadableContext,
  key: string,
  fallback: string | null,
): Promise<string | null> {
  const value = await getSiteVar(context, key, fallback);
  if (typeof value === "string") return value.trim() || fallback;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return fallback;
}

export async function getSiteSettings(context: ReadableContext): Promise<SiteSettings> {
  return {
    siteName: await getSiteVarText(context, SITE_VAR.siteName, webEnv.siteName),
  };
}

/** Called when a site var changes, so this process shows the new value on the next page. */
export function invalidateSiteSettings(): void {
  generation += 1;
  cached = null;
  inFlight = null;
}

/** Told of every change of public content (host/app.ts subscribes it to /api's announcements). */
export function dropSiteSettingsOnChange(topics: ReadonlySet<string>): void {
  if (topics.has("site-vars")) invalidateSiteSettings();
}
