import { bucketState, retryAfterSeconds, WINDOW_MS, type BucketState, type WindowCounts } from './tiers.js';

/**
 * Which requests a bucket counts (decisions part 5). An allowed request counts. A refused one counts only
 * when it comes before the instant the bucket's last Retry-After pointed to: retrying at once keeps the
 * limit active (spec 8.1 rule 6), while a client that waits out each Retry-After spends its budget on
 * requests that pass only. (When every refusal counted, such a client got half its limit.) Pure: the
 * limiter (http/rate-limiter.ts) reads the buckets, asks `judge`, then takes back what it says is not
 * counted and remembers the instants it gives.
 */

/** One bucket as the limiter read it for a request. */
export interface BucketRead {
  limit: number;
  /** Its counts with this request counted (the limiter counts first, atomically, then takes back). */
  counts: WindowCounts;
  /**
   * Where the Retry-After it last gave pointed (epoch ms); null when it gave none lately. Only a refused
   * request needs it (see `passes`).
   */
  retryAtMs: number | null;
}

export interface BucketVerdict {
  /** What the RateLimit-* headers say of it, from the counts that stay. */
  state: BucketState;
  /** False: the request must be taken back out of the bucket's count. */
  counted: boolean;
  /** It refused the request: remember this instant as its last Retry-After. Null: leave what it has. */
  retryAtMs: number | null;
}

export type Verdict =
  { allowed: true; buckets: BucketVerdict[] } | { allowed: false; retryAfterSeconds: number; buckets: BucketVerdict[] };

/**
 * The verdict on one request over every bucket it counts in. It passes when every bucket has room; it is
 * refused when one has none, and then stays counted only in the buckets it reached before their last
 * Retry-After (`counted`). Retry-After is the longest wait of the refusing buckets, from the counts that
 * stay; each of them remembers the instant it points to.
 *
 * @example
 * // 20 counted at 12:00:00 (limit 20), the 21st refused with none given before: not counted, and the
 * // next passes once 20 × (1 − t/60 s) ≤ 19 in the next window, t = 3 s: Retry-After 63.
 * judge([{ limit: 20, counts: { previous: 0, current: 21, elapsedMs: 0 }, retryAtMs: null }], now);
 * // → { allowed: false, retryAfterSeconds: 63, buckets: [{ counted: false, retryAtMs: now + 63_000, … }] }
 */
export function judge(reads: readonly BucketRead[], nowMs: number): Verdict {
  const first = reads.map((read) => bucketState(read.limit, read.counts));
  if (first.every((state) => state.allowed)) {
    return { allowed: true, buckets: first.map((state) => ({ state, counted: true, retryAtMs: null })) };
  }
  const settled = reads.map((read, i) => {
    const counted = isBeforeRetryAfter(nowMs, read.retryAtMs);
    const kept = counted ? read.counts : { ...read.counts, current: read.counts.current - 1 };
    return { refusing: !first[i]!.allowed, counted, state: keptState(read.limit, kept, first[i]!) };
  });
  const retryAfter = Math.max(...settled.filter((s) => s.refusing).map((s) => s.state.resetSeconds));
  return {
    allowed: false,
    retryAfterSeconds: retryAfter,
    buckets: settled.map(({ refusing, counted, state }) => ({
      state,
      counted,
      retryAtMs: refusing ? nowMs + retryAfter * 1000 : null,
    })),
  };
}

/** Whether the request passes every bucket: if so, no bucket's last Retry-After matters. */
export const passes = (reads: readonly BucketRead[]): boolean =>
  reads.every((read) => bucketState(read.limit, read.counts).allowed);

/** A refused request stays counted when it came before the instant the bucket's last Retry-After gave. */
export const isBeforeRetryAfter = (nowMs: number, retryAtMs: number | null): boolean =>
  retryAtMs !== null && nowMs < retryAtMs;

/** A bucket's state from the counts that stay: refusing ones say when the next request would pass. */
function keptState(limit: number, kept: WindowCounts, verdict: BucketState): BucketState {
  if (verdict.allowed) return bucketState(limit, kept);
  const used = kept.previous * (1 - kept.elapsedMs / WINDOW_MS) + kept.current;
  return {
    limit,
    allowed: false,
    remaining: Math.max(0, Math.floor(limit - used)),
    resetSeconds: retryAfterSeconds(limit, kept),
  };
}
