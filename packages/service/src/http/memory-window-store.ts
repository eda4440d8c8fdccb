import {
  dueSecond,
  judge,
  oldestRedeemable,
  secondOf,
  usedAt,
  windowStart,
  WINDOW_MS,
  WINDOW_S,
  type BucketVerdict,
  type RateDecision,
} from '../domains/rate-limits/index.js';
import type { WindowStore } from './window-store.js';

interface Held {
  counts: Map<number, number>;
  /** The newest second counted, and whether every second was first counted after the ones before it. */
  newest: number;
  inOrder: boolean;
  retryAtMs: number | null;
  given: Map<number, number>;
}

/**
 * The buckets in this process's memory, on the service clock. A request is judged and kept in one
 * synchronous step (no await between the read and the write), so concurrent requests never interleave.
 * Seconds that can no longer matter are dropped as they are met, as the Redis script drops them, and a
 * bucket that has held nothing for two windows is dropped, looked for once a window.
 */
export function memoryWindowStore(): WindowStore {
  const buckets = new Map<string, Held>();
  let sweptAt = -Infinity;

  // Seconds before the window at every request, Retry-Afters past redeeming at a refusal: what the Redis
  // script drops when, so that the two stores hold the same even under a clock that goes back.
  const forgetCounts = (held: Held, nowMs: number) => {
    const from = windowStart(secondOf(nowMs));
    // A Map iterates in insertion order: while seconds were counted in order, the old ones come first.
    for (const second of held.counts.keys()) {
      if (second < from) held.counts.delete(second);
      else if (held.inOrder) break;
    }
    if (held.counts.size === 0) held.inOrder = true;
  };
  const forgetGiven = (held: Held, nowMs: number) => {
    const from = oldestRedeemable(nowMs);
    held.given.forEach((_, second) => second < from && held.given.delete(second));
  };
  // Nothing in it is within two windows of now: no count, no given Retry-After, no last instant. (Only
  // then, so that a clock set back a little finds what the Redis script, which keeps a hash until it
  // expires, would find.)
  const moot = (held: Held, nowMs: number) => {
    const horizon = secondOf(nowMs) - 2 * WINDOW_S;
    for (const second of held.counts.keys()) if (second >= horizon) return false;
    for (const second of held.given.keys()) if (second >= horizon) return false;
    return held.retryAtMs === null || held.retryAtMs < horizon * 1000;
  };
  const sweep = (nowMs: number) => {
    sweptAt = nowMs;
    for (const [key, held] of buckets) if (moot(held, nowMs)) buckets.delete(key);
  };
  const keep = (held: Held, verdict: BucketVerdict, nowMs: number) => {
    if (verdict.counted) {
      const second = secondOf(nowMs);
      if (!held.counts.has(second) && held.counts.size > 0 && second < held.newest) held.inOrder = false;
      held.newest = held.counts.size === 0 ? second : Math.max(held.newest, second);
      add(held.counts, second, 1);
    }
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
          found = { counts: new Map(), newest: 0, inOrder: true, retryAtMs: null, given: new Map() };
          buckets.set(bucket.key, found);
        } else {
          forgetCounts(found, nowMs);
        }
        return found;
      });
      const verdict = judge(
        held.map((h, i) => ({ limit: wanted[i]!.limit, counts: h.counts, retryAtMs: h.retryAtMs, given: h.given })),
        nowMs,
      );
      if (!verdict.allowed) held.forEach((h) => forgetGiven(h, nowMs));
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

function add(map: Map<number, number>, second: number, n: number): void {
  const count = (map.get(second) ?? 0) + n;
  if (count > 0) map.set(second, count);
  else map.delete(second);
}
