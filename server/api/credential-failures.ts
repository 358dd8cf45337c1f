// Unknown credentials (x-api-key values, bearer tokens) counted per client address in one bucket: past
// API_KEY_FAILURES_PER_15_MINUTES that address's unknown credentials get 429. Only failures are counted, and a
// known credential is never checked against the count, so a guesser behind a shared address locks nobody out.
import { config } from "../config";
import type { Database } from "../db/client";
import { hitRateLimit } from "../lib/rate-limit";
import { ApiError } from "./errors";

const CREDENTIAL_FAILURE_WINDOW_MS = 15 * 60 * 1000;

/** Counts one unknown credential from `ip`; throws 429 with Retry-After once the address is past the limit. */
export async function countCredentialFailure(db: Database, ip: string, what: string): Promise<void> {
  const limit = config.apiKeyFailuresPer15Minutes;
  const hit = await hitRateLimit(db, `credential-failure:ip:${ip}`, limit, CREDENTIAL_FAILURE_WINDOW_MS);
  if (hit.allowed) return;
  throw new ApiError(
    429,
    `Too many unknown ${what} from this address: the limit is ${limit.toLocaleString("en")} in 15 minutes. ` +
      `Try again in ${hit.retryAfterSeconds} seconds.`,
    [],
    { "Retry-After": String(hit.retryAfterSeconds) },
  );
}
