// The web tier's own facts for the site health page. With API_URL the web tier and /api are separate
// processes, each with its own version and start time; in one process they are the same.
import { appVersion, startedAt } from "../../../server/lib/runtime-info";

export interface WebTierInfo {
  version: string;
  startedAt: string;
  uptimeSeconds: number;
}

export function webTierInfo(): WebTierInfo {
  return {
    version: appVersion,
    startedAt: startedAt.toISOString(),
    uptimeSeconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
  };
}
