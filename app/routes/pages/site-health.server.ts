// The web tier's own facts for the site health page. With API_URL the web tier and /api are separate
// processes, each with its own version and start time; in one process they are the same.
import { webEnv } from "#app/utils/env.server.ts";

export interface WebTierInfo {
  version: string;
  startedAt: string;
  uptimeSeconds: number;
}

export function webTierInfo(): WebTierInfo {
  return {
    version: webEnv.version,
    startedAt: webEnv.startedAt.toISOString(),
    uptimeSeconds: Math.round((Date.now() - webEnv.startedAt.getTime()) / 1000),
  };
}
