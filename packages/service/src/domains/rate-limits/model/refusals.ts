import { bucketState, retryAfterSeconds, WINDOW_MS, type BucketState, type WindowCounts } from './tiers.js';

/**
 * Which requests a bucket counts (decisions part 5, and the fairness of 2026-11-26 between clients that
 * share a bucket). An allowed request counts. A refused one is not counted when
 *   (a) it comes at or after the instant the bucket's last Retry-After pointed to (the decision's rule,
 *       kept as a floor), or
 *   (b) it redeems a Retry-After the bucket gave earlier that is now due: the bucket keeps how many it
 *       gave per second they point into, and a refusal may take one from the oldest such second that
 *       has come, within the last REDEEM_WITHIN_S seconds.
 * Otherwise it counts: retrying at once keeps the limit active (spec 8.1 rule 6), while clients that wait
 * out each Retry-After spend their budget on requests that pass only, one client or a dozen sharing one
 * bucket. (With (a) alone, whichever of them was refused last moved the instant later, so the others
 * came "early" and were counted, and kept each other refused.) A hammering client's Retry-Afters are
 * given far faster than they fall due, and each can be redeemed once, within REDEEM_WITHIN_S of its
 * second, so most of its refusals still count. Pure: the limiter (http/rate-limiter.ts, http/refusal-store.ts)
 * reads the buckets and, for a refused request, what each remembers; asks `judge`; then takes back what
 * it says is not counted and remembers the instants it gives.
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
  /**
   * A refused request that came before `retryAtMs` took one of the bucket's given Retry-Afters that was
   * due (`redeemable`). False for an allowed request, and when it came at or after `retryAtMs`.
   */
  redeemed: boolean;
}

export interface BucketVerdict {
  /** What the RateLimit-* headers say of it, from the counts that stay. */
  state: BucketState;
  /** False: the request must be taken back out of the bucket's count. */
  counted: boolean;
  /**
   * It refused the request: remember this instant as its last Retry-After, and one more given for the
   * second it falls in (`dueSecond`). Null: leave what it has.
   */
  retryAtMs: number | null;
}

export type Verdict =
  { allowed: true; buckets: BucketVerdict[] } | { allowed: false; retryAfterSeconds: number; buckets: BucketVerdict[] };

/**
 * The verdict on one request over every bucket it counts in. It passes when every bucket has room; it is
 * refused when one has none, and then stays counted only in the buckets it reached before their last
 * Retry-After without redeeming one they gave earlier (`counted`). Retry-After is the longest wait of the
 * refusing buckets, from the counts that stay; each of them remembers the instant it points to.
 *
 * @example
 * // 20 counted at 12:00:00 (limit 20), the 21st refused with none given before: not counted, and the
 * // next passes once 20 × (1 − t/60 s) ≤ 19 in the next window, t = 3 s: Retry-After 63.
 * const counts = { previous: 0, current: 21, elapsedMs: 0 };
 * judge([{ limit: 20, counts, retryAtMs: null, redeemed: false }], now);
 * // → { allowed: false, retryAfterSeconds: 63, buckets: [{ counted: false, retryAtMs: now + 63_000, … }] }
 */
export function judge(reads: readonly BucketRead[], nowMs: number): Verdict {
  const first = reads.map((read) => bucketState(read.limit, read.counts));
  if (first.every((state) => state.allowed)) {
    return { allowed: true, buckets: first.map((state) => ({ state, counted: true, retryAtMs: null })) };
  }
  const settled = reads.map((read, i) => {
    const counted = isBeforeRetryAfter(nowMs, read.retryAtMs) && !read.redeemed;
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

/**
 * A refused request stays counted when it came before the instant the bucket's last Retry-After gave,
 * unless it redeems one given earlier: only then does the limiter look for one to redeem.
 */
export const isBeforeRetryAfter = (nowMs: number, retryAtMs: number | null): boolean =>
  retryAtMs !== null && nowMs < retryAtMs;

/**
 * How long after the second it points into a given Retry-After can still be redeemed. A client that
 * obeys it comes within a network round trip of the instant (or a second later, when its timer counts
 * whole seconds); a wider span would let a hammering client, whose refusals each give one, live on its
 * own backlog of them and stop being counted.
 */
export const REDEEM_WITHIN_S = 2;

/** The second a Retry-After pointing to this instant is kept under (and redeemable from). */
export const dueSecond = (retryAtMs: number): number => Math.floor(retryAtMs / 1000);

/** The oldest second whose given Retry-Afters a request at this instant may still redeem. */
export const oldestRedeemable = (nowMs: number): number => dueSecond(nowMs) - REDEEM_WITHIN_S;

/**
 * Which second's given Retry-Afters a refused request at `nowMs` takes one from: the oldest that has come
 * (its second ≤ now's) and is not older than `oldestRedeemable`; null when there is none. `given` holds how
 * many were given per second and not yet redeemed (seconds with none may be left out or held as 0).
 */
export function redeemable(given: Iterable<readonly [second: number, count: number]>, nowMs: number): number | null {
  const [from, to] = [oldestRedeemable(nowMs), dueSecond(nowMs)];
  let oldest: number | null = null;
  for (const [second, count] of given) {
    if (count > 0 && second >= from && second <= to && (oldest === null || second < oldest)) oldest = second;
  }
  return oldest;
}

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
