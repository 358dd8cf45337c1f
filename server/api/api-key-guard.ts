// The one way a route accepts an x-api-key: the key must be known and hold the route's scope. Unknown keys are
// counted per client address (./credential-failures.ts): past the limit that address's unknown keys get 429, while
// a known key from it still passes, so one guesser behind a shared address does not lock out the real key's users.
import type { Context } from "hono";
import type { ApiKeyScope } from "#shared/contract/api-keys-vocabulary.ts";
import { verifyApiKey, type ApiKeyIdentity } from "../services/api-key-auth";
import { clientIp, type ApiEnv } from "./context";
import { countCredentialFailure } from "./credential-failures";
import { ApiError } from "./errors";

const CHALLENGE = { "WWW-Authenticate": 'ApiKey header="x-api-key"' };

/** The key behind a presented x-api-key, or 401 (429 once the address has sent too many unknown keys). */
export async function authenticateApiKey<E extends ApiEnv>(
  c: Context<E>,
  presented: string | undefined,
): Promise<ApiKeyIdentity> {
  if (!presented?.trim()) throw new ApiError(401, "An x-api-key header is required.", [], CHALLENGE);
  const identity = await verifyApiKey(c.var.db, presented);
  if (identity) return identity;
  await countCredentialFailure(c.var.db, clientIp(c), "API keys");
  throw new ApiError(401, "Unknown or revoked API key.", [], CHALLENGE);
}

/** 403 unless the key holds `scope`, naming it so the administrator knows what to grant. */
export function requireScope(identity: ApiKeyIdentity, scope: ApiKeyScope): void {
  if (identity.scopes.includes(scope)) return;
  throw new ApiError(403, `This API key lacks the ${scope} scope: an administrator can grant it on the API keys page.`);
}
