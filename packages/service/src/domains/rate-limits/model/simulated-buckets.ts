import { judge, type BucketHeld, type Verdict } from './judge.js';
import { dueSecond } from './refusals.js';
import { secondOf } from './window.js';

/**
 * Buckets kept as a store keeps them, each request judged by `judge` and its verdict kept: for the model's
 * tests and simulations (clients sharing a bucket, hammering ones), without a store. The limiter's stores
 * (http/memory-window-store.ts, the Redis script) keep verdicts the same way and also forget old seconds,
 * which `judge` ignores anyway.
 */
export class SimulatedBuckets {
  readonly held = new Map<
    string,
    { counts: Map<number, number>; retryAtMs: number | null; given: Map<number, number> }
  >();

  take(buckets: ReadonlyArray<{ key: string; limit: number }>, nowMs: number): Verdict {
    const held = buckets.map((bucket) => {
      const found = this.held.get(bucket.key) ?? { counts: new Map(), retryAtMs: null, given: new Map() };
      this.held.set(bucket.key, found);
      return found;
    });
    const verdict = judge(
      held.map((h, i) => ({ ...h, limit: buckets[i]!.limit })),
      nowMs,
    );
    held.forEach((h, i) => {
      const { counted, redeemed, retryAtMs, gives } = verdict.buckets[i]!;
      if (counted) add(h.counts, secondOf(nowMs), 1);
      if (redeemed !== null) add(h.given, redeemed, -1);
      if (retryAtMs !== null) h.retryAtMs = retryAtMs;
      if (retryAtMs !== null && gives) add(h.given, dueSecond(retryAtMs), 1);
    });
    return verdict;
  }

  /** An independent copy: what would happen next, without touching these. */
  clone(): SimulatedBuckets {
    const copy = new SimulatedBuckets();
    for (const [key, h] of this.held) {
      copy.held.set(key, { counts: new Map(h.counts), retryAtMs: h.retryAtMs, given: new Map(h.given) });
    }
    return copy;
  }

  /** What one bucket holds now (for assertions). */
  of(key: string): BucketHeld | undefined {
    return this.held.get(key);
  }
}

function add(map: Map<number, number>, second: number, n: number): void {
  const count = (map.get(second) ?? 0) + n;
  if (count > 0) map.set(second, count);
  else map.delete(second);
}
