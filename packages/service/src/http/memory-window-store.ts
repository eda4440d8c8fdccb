import {
  dueSecond,
  judge,
  oldestRedeemable,
  secondOf,
  usedAt,
  windowStart,
  WINDOW_MS,
  type BucketVerdict,
} from '../domains/rate-limits/index.js';
import type { RateDecision } from './rate-limit.js';
import type { WindowStore } from './window-store.js';

interface Held {
  counts: Map<number, number>;
  retryAtMs: number | null;
  given: Map<number, number>;
}

/**
 * The buckets in this process's memory, on the service clock. A request is judged and kept in one
 * synchronous step (no await between the read and the write), so concurrent requests never interleave.
 * Seconds that can no longer matter are dropped as they are met, as the Redis script drops them, and a
 * bucket that holds nothing that matters any more is dropped once a window.
 */
export function memoryWindowStore(): WindowStore {
  const buckets = new Map<string, Held>();
  let sweptAt = -Infinity;

  const forget = (held: Held, nowMs: number) => {
    const [from, redeemFrom] = [windowStart(secondOf(nowMs)), oldestRedeemable(nowMs)];
    held.counts.forEach((_, second) => second < from && held.counts.delete(second));
    held.given.forEach((_, second) => second < redeemFrom && held.given.delete(second));
  };
  const sweep = (nowMs: number) => {
    sweptAt = nowMs;
    for (const [key, held] of buckets) {
      forget(held, nowMs);
      const waiting = held.retryAtMs !== null && held.retryAtMs > nowMs;
      if (held.counts.size === 0 && held.given.size === 0 && !waiting) buckets.delete(key);
    }
  };
  const keep = (held: Held, verdict: BucketVerdict, nowMs: number) => {
    const add = (map: Map<number, number>, second: number, n: number) => {
      const count = (map.get(second) ?? 0) + n;
      if (count > 0) map.set(second, count);
      else map.delete(second);
    };
    if (verdict.counted) add(held.counts, secondOf(nowMs), 1);
    if (verdict.redeemed !== null) add(held.given, verdict.redeemed, -1);
    if (verdict.retryAtMs !== null) held.retryAtMs = verdict.retryAtMs;
    if (verdict.retryAtMs !== null && verdict.gives) add(held.given, dueSecond(verdict.retryAtMs), 1);
  };

  return {
    async take(_tag, wanted, nowMs): Promise<RateDecision> {
      if (nowMs - sweptAt >= WINDOW_MS) sweep(nowMs);
      const held = wanted.map((bucket) => {
        let found = buckets.get(bucket.key);
        if (found === undefined) {
          found = { counts: new Map(), retryAtMs: null, given: new Map() };
          buckets.set(bucket.key, found);
        } else {
          forget(found, nowMs);
        }
        return found;
      });
      const verdict = judge(
        held.map((h, i) => ({ limit: wanted[i]!.limit, counts: h.counts, retryAtMs: h.retryAtMs, given: h.given })),
        nowMs,
      );
      held.forEach((h, i) => keep(h, verdict.buckets[i]!, nowMs));
      const headers = verdict.headers && {
        limit: verdict.headers.limit,
        remaining: verdict.headers.remaining,
        resetSeconds: verdict.headers.resetSeconds,
      };
      return verdict.allowed
        ? { limited: false, headers }
        : { limited: true, retryAfterSeconds: verdict.retryAfterSeconds, headers };
    },
    async used(_tag, wanted, nowMs) {
      const second = secondOf(nowMs);
      return wanted.map((bucket) => {
        const held = buckets.get(bucket.key);
        return held === undefined ? 0 : usedAt(held.counts, second);
      });
    },
  };
}
