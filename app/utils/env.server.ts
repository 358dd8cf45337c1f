// The environment settings the web tier reads, parsed once. /api reads its own (server/config.ts) from the same
// variables and in the same way (shared/env.server.ts), so in one process both agree.
import {
  appVersionSetting,
  dataDirSetting,
  integerSetting,
  persistentSecret,
  proxyHopsSetting,
} from "#shared/env.server.ts";

let sessionSecret: string | undefined;

export const webEnv = {
  isProduction: process.env.NODE_ENV === "production",
  /** The product title when no site var names it. */
  siteName: process.env.SITE_NAME || "Camera Probe",
  /**
   * The public address (https://example.org) for canonical URLs, robots.txt and the sitemap; default: the request's.
   */
  siteUrl: process.env.SITE_URL?.replace(/\/+$/, "") || undefined,
  /** Proxy hops whose X-Forwarded-* entries are believed (shared/http/proxy.ts); 0: none. */
  trustProxy: proxyHopsSetting(process.env, "TRUST_PROXY"),
  /** The backend's /api base URL when it runs elsewhere; read at each use, so a test may point it at a server. */
  get apiUrl(): string | undefined {
    return process.env.API_URL?.replace(/\/+$/, "") || undefined;
  },
  sessionAbsoluteDays: integerSetting(process.env, "SESSION_ABSOLUTE_DAYS", 30),
  /** Signs the session and toast cookies; the same secret /api checks the session cookie with. Read on first use. */
  get sessionSecret(): string {
    sessionSecret ??= persistentSecret(process.env, "SESSION_SECRET", dataDirSetting(process.env), "session-secret");
    return sessionSecret;
  },
  /** The web tier's own version and start; with API_URL, /api runs elsewhere with its own. */
  version: appVersionSetting(process.env),
  startedAt: new Date(),
};
