import { isBeforeRetryAfter, mayGive, outstanding, redeemable } from './refusals.js';
import { tightest, type BucketState } from './tiers.js';
import { secondOf, secondsUntilRoom, windowAt, type SecondCounts } from './window.js';

/** What a store holds for one bucket when a request comes (this request not yet in it). */
export interface BucketHeld {
  /** Requests counted per second (window.ts). */
  counts: SecondCounts;
  /** Where the Retry-After the bucket last gave pointed (epoch ms); null when it gave none lately. */
  retryAtMs: number | null;
  /** Retry-Afters given and not yet redeemed, per second they point into (refusals.ts). */
  given: SecondCounts;
}

export interface BucketRead extends BucketHeld {
  limit: number;
}

/** What the store does to one bucket for the request. */
export interface BucketVerdict {
  state: BucketState;
  /** Count the request in its second. */
  counted: boolean;
  /** Take one given Retry-After from this second (a refusal that redeemed it); null: none. */
  redeemed: number | null;
  /** It refused the request: remember this instant as its last Retry-After. Null: leave what it has. */
  retryAtMs: number | null;
  /** And keep one more given Retry-After for the second that instant falls in (`dueSecond`), redeemable. */
  gives: boolean;
}

export type Verdict =
  | { allowed: true; buckets: BucketVerdict[]; headers: BucketState | null }
  | { allowed: false; retryAfterSeconds: number; buckets: BucketVerdict[]; headers: BucketState };

/**
 * The verdict on one request over every bucket it counts in, at `nowMs` on the service clock; pure, so
 * the memory store calls it and the Redis script (http/redis-window-script.ts) mirrors it line for line.
 * It passes when every bucket's window has room for it, and is then counted in each. It is refused when
 * one has none; then each bucket applies the refusal rule of refusals.ts (counted only when it came before
 * the bucket's last Retry-After and redeemed none of those it gave earlier). Retry-After is the longest of
 * the buckets' waits for room, from the counts that stay (1 … 60), so that obeying it passes unless others
 * took the room meanwhile; each refusing bucket remembers the instant it points to, and keeps it redeemable
 * while it holds fewer than its limit. The headers are the tightest bucket's when the request passes, and
 * on a refusal the refusing bucket's that waits longest, with Reset equal to Retry-After.
 *
 * @example
 * // 20 counted at 12:00:00 (limit 20): the 21st, refused with none given before, is not counted, and the
 * // next passes once 12:00:00 has left the window, at 12:01:00.
 * judge([{ limit: 20, counts: new Map([[s, 20]]), retryAtMs: null, given: new Map() }], s * 1000 + 300);
 * // → { allowed: false, retryAfterSeconds: 60, buckets: [{ counted: false, retryAtMs: s * 1000 + 60_300, … }], … }
 */
export function judge(reads: readonly BucketRead[], nowMs: number): Verdict {
  const second = secondOf(nowMs);
  const windows = reads.map((read) => windowAt(read.counts, second));
  const used = windows.map((w) => w.used);
  if (reads.every((read, i) => used[i]! + 1 <= read.limit)) {
    const buckets = reads.map((read, i) => ({
      state: {
        limit: read.limit,
        allowed: true,
        remaining: read.limit - used[i]! - 1,
        resetSeconds: windows[i]!.resetSeconds,
      },
      counted: true,
      redeemed: null,
      retryAtMs: null,
      gives: false,
    }));
    return { allowed: true, buckets, headers: tightest(buckets.map((b) => b.state)) };
  }
  const settled = reads.map((read, i) => {
    const before = isBeforeRetryAfter(nowMs, read.retryAtMs);
    const redeemed = before ? redeemable(read.given, nowMs) : null;
    const counted = before && redeemed === null;
    const stays = counted ? 1 : 0;
    const refusing = used[i]! + 1 > read.limit;
    return {
      refusing,
      counted,
      redeemed,
      gives: refusing && mayGive(outstanding(read.given, nowMs) - (redeemed === null ? 0 : 1), read.limit),
      remaining: Math.max(0, read.limit - used[i]! - stays),
      wait: secondsUntilRoom(read.counts, second, read.limit - 1 - stays),
    };
  });
  const retryAfterSeconds = Math.max(...settled.map((s) => s.wait));
  const retryAtMs = nowMs + retryAfterSeconds * 1000;
  let decisive = -1;
  settled.forEach((s, i) => {
    if (s.refusing && (decisive < 0 || s.wait > settled[decisive]!.wait)) decisive = i;
  });
  const buckets = settled.map((s, i) => ({
    state: {
      limit: reads[i]!.limit,
      allowed: !s.refusing,
      remaining: s.remaining,
      resetSeconds: s.refusing ? s.wait : windows[i]!.resetSeconds,
    },
    counted: s.counted,
    redeemed: s.redeemed,
    retryAtMs: s.refusing ? retryAtMs : null,
    gives: s.gives,
  }));
  const headers = { ...buckets[decisive]!.state, resetSeconds: retryAfterSeconds };
  return { allowed: false, retryAfterSeconds, buckets, headers };
}
