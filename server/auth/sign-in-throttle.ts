// Sign-in throttling counts failures only, so that it cannot be turned against an account's owner (ASVS 6.1.1,
// 6.3.1; docs/security.md "Sign-in throttling"):
// - per client address, across accounts: LOGIN_RATE_LIMIT_PER_MINUTE failures a minute;
// - per (account, address): as many failures in 15 minutes, forgotten when the right password comes from there;
// - per account, across addresses: once it has twice as many failures in 15 minutes (more than one address alone may
//   make) it is under attack, and every address gets only SLOWED_PAIR_LIMIT failures on it per 15 minutes. An
//   address that has not failed (the owner's, say) still gets in with the right password.
import { config } from "../config";
import type { Database } from "../db/client";
import { clearRateLimit, hitRateLimit, undoRateLimitHit } from "../lib/rate-limit";

const ADDRESS_WINDOW_MS = 60_000;
const ACCOUNT_WINDOW_MS = 15 * 60_000;
const SLOWED_PAIR_LIMIT = 2;

export interface SignInAttempt {
  /** Seconds until this address may try again, when the attempt is refused before its password is checked. */
  refusedForSeconds: number | null;
  /** The password was right: the address's and the account's counts are given back, the pair's forgotten. */
  succeeded(): Promise<void>;
}

/**
 * Counts an attempt before its password is checked, so that concurrent attempts cannot all slip under a limit; a
 * refused attempt gives its counts back at once.
 */
export async function beginSignInAttempt(db: Database, ip: string, account: string): Promise<SignInAttempt> {
  const limit = config.loginRateLimitPerMinute;
  const buckets = {
    address: `login:ip:${ip}`,
    pair: `login:pair:${ip}:${account}`,
    account: `login:account:${account}`,
  };
  const hits = {
    address: await hitRateLimit(db, buckets.address, limit, ADDRESS_WINDOW_MS),
    pair: await hitRateLimit(db, buckets.pair, limit, ACCOUNT_WINDOW_MS),
    account: await hitRateLimit(db, buckets.account, Number.MAX_SAFE_INTEGER, ACCOUNT_WINDOW_MS),
  };
  const giveBack = (...which: (keyof typeof buckets)[]) =>
    Promise.all(which.map((name) => undoRateLimitHit(db, buckets[name], hits[name])));
  const underAttack = hits.account.count - 1 >= 2 * limit;
  const refusedBy = !hits.address.allowed
    ? hits.address
    : hits.pair.count > (underAttack ? SLOWED_PAIR_LIMIT : limit)
      ? hits.pair
      : null;
  if (refusedBy) await giveBack("address", "pair", "account");
  return {
    refusedForSeconds: refusedBy ? refusedBy.retryAfterSeconds : null,
    succeeded: async () => {
      await giveBack("address", "account");
      await clearRateLimit(db, buckets.pair);
    },
  };
}
