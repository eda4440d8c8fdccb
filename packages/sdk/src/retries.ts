import { retryAfterSeconds } from './errors.js';

/** How the client asks again (docs/sdk.md, "The SDK": retries). */
export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** A Retry-After longer than this is not waited for: the error goes back to the caller. */
  maxRetryAfterMs: number;
  /** The first wait when the service gave no Retry-After; doubled each time, with jitter. */
  baseDelayMs: number;
  /** How the client waits; tests pass their own clock. */
  sleep: (ms: number) => Promise<void>;
}

export const DEFAULT_RETRY: RetryPolicy = {
  maxAttempts: 5,
  maxRetryAfterMs: 60_000,
  baseDelayMs: 500,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Codes asked again with the same key and body whatever the route: the service applied nothing and says
 * when to come back. (The *_paused codes are not here: a kill switch is the platform team's decision,
 * and asking again within seconds only spends the rate limit; the caller gets the error.)
 */
const ALWAYS = new Set(['idempotency_key_in_progress', 'rate_limited', 'market_not_ready']);

/**
 * The wait before the next attempt, or null to give the answer to the caller. `repeatable` says whether
 * the same request may be sent again whatever happened to the first: a read, or a write with a key.
 */
export function nextWait(
  policy: RetryPolicy,
  attempt: number,
  outcome: { response: Response; code: string | null } | { failed: true },
  repeatable: boolean,
): number | null {
  if (attempt >= policy.maxAttempts) return null;
  const backoff = () => policy.baseDelayMs * 2 ** (attempt - 1) * (0.5 + Math.random() / 2);
  if ('failed' in outcome) return repeatable ? backoff() : null;
  const { response, code } = outcome;
  const retryAfter = retryAfterSeconds(response);
  const wait = retryAfter === null ? backoff() : retryAfter * 1000;
  if (wait > policy.maxRetryAfterMs) return null;
  if (code !== null && ALWAYS.has(code)) return wait;
  // internal_error is safe with the same key (docs/guides/errors.md, "Every code"); a gateway's 502/503/504 likewise.
  const unexpected = code === 'internal_error' || (code === null && [502, 503, 504].includes(response.status));
  return unexpected && repeatable ? wait : null;
}
