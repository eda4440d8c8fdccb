import type { Bucket, RateDecision } from '../domains/rate-limits/index.js';

/**
 * Where the limiter keeps its buckets (docs/operator-api.md "Rate limits"): per bucket, the requests it
 * counted in each second of the last 60, the instant its last Retry-After pointed to, and the Retry-Afters
 * it gave per second they point into. In this process's memory (memory-window-store.ts) or in Redis,
 * shared by every process (redis-window-store.ts). Both decide by domains/rate-limits/model/judge.ts:
 * the memory store calls it, the Redis script mirrors it, and test/window-stores-redis.test.ts holds the
 * two to the same verdicts and headers.
 *
 * Hand-written rather than a library: none we know of keeps an exact sliding window together with this
 * refusal rule (a refusal counted only before its bucket's last Retry-After, unless it redeems a due one),
 * decides all of a request's buckets in one atomic step, and takes the time from the service clock, which
 * the tests move (docs/testing.md).
 */
export interface WindowStore {
  /**
   * Judges one request over its buckets at `nowMs` and keeps what the verdict says (counts, redemptions,
   * the instant a refusal gives), in one atomic step. `tag` names the tenant environment every bucket of
   * the request belongs to (in Redis, the hash tag that puts them in one cluster slot).
   */
  take(tag: string, buckets: readonly Bucket[], nowMs: number): Promise<RateDecision>;
  /** How many requests each bucket's window ending at `nowMs` holds; counts nothing. */
  used(tag: string, buckets: readonly Bucket[], nowMs: number): Promise<number[]>;
}
