import { describe, expect, it } from 'vitest';
import {
  dueSecond,
  isBeforeRetryAfter,
  judge,
  oldestRedeemable,
  passes,
  redeemable,
  REDEEM_WITHIN_S,
  type BucketRead,
} from './refusals.js';
import { windowOf } from './tiers.js';

const NOW = Date.parse('2026-06-01T12:00:00.000Z');
const bucket = (
  limit: number,
  current: number,
  retryAtMs: number | null = null,
  previous = 0,
  redeemed = false,
): BucketRead => ({
  limit,
  counts: { previous, current, elapsedMs: 0 },
  retryAtMs,
  redeemed,
});

describe('judge: which requests a bucket counts', () => {
  it('counts an allowed request everywhere and remembers nothing', () => {
    expect(passes([bucket(20, 20), bucket(600, 40)])).toBe(true);
    expect(passes([bucket(20, 21), bucket(600, 40)])).toBe(false);
    const verdict = judge([bucket(20, 5), bucket(600, 40, NOW + 5_000)], NOW);
    expect(verdict.allowed).toBe(true);
    expect(verdict.buckets.map((b) => [b.counted, b.retryAtMs])).toEqual([
      [true, null],
      [true, null],
    ]);
  });

  it('does not count a first refusal, and gives the wait of the counts that stay', () => {
    // 20 counted, the 21st refused: the next passes once 20 × (1 − t/60 s) ≤ 19, t = 3 s into the next window.
    const verdict = judge([bucket(20, 21)], NOW);
    expect(verdict).toEqual({
      allowed: false,
      retryAfterSeconds: 63,
      buckets: [
        {
          counted: false,
          retryAtMs: NOW + 63_000,
          state: { limit: 20, allowed: false, remaining: 0, resetSeconds: 63 },
        },
      ],
    });
  });

  it('counts a refusal that came before the last Retry-After, so retrying at once waits longer (rule 6)', () => {
    const early = judge([bucket(20, 21, NOW + 63_000)], NOW);
    expect(early).toMatchObject({ allowed: false, buckets: [{ counted: true }] });
    // 21 stay counted: 21 × (1 − t/60 s) ≤ 19 from t ≈ 5.7 s into the next window.
    expect(early.allowed || early.retryAfterSeconds).toBe(66);
    expect(early.buckets[0]!.retryAtMs).toBe(NOW + 66_000);
  });

  it('does not count a refusal at or after the instant its bucket last gave', () => {
    expect(judge([bucket(20, 21, NOW)], NOW).buckets[0]!.counted).toBe(false);
    expect(judge([bucket(20, 21, NOW - 1)], NOW).buckets[0]!.counted).toBe(false);
    expect(isBeforeRetryAfter(NOW, NOW + 1)).toBe(true);
    expect(isBeforeRetryAfter(NOW, null)).toBe(false);
  });

  it('does not count a refusal before the last Retry-After that redeemed one given earlier', () => {
    const verdict = judge([bucket(20, 21, NOW + 63_000, 0, true)], NOW);
    expect(verdict).toMatchObject({ allowed: false, retryAfterSeconds: 63, buckets: [{ counted: false }] });
    // It still gives its own Retry-After, which the bucket remembers as its last and as one more given.
    expect(verdict.buckets[0]!.retryAtMs).toBe(NOW + 63_000);
  });

  it('judges each bucket of a refused request by its own last Retry-After', () => {
    // The user's bucket refuses (11 counted, limit 10: 71 s, as in tiers.test.ts); the tenant's had room
    // and gave no Retry-After: the refusal does not spend the tenant's budget, and only the refusing
    // bucket remembers the instant.
    const verdict = judge([bucket(10, 11, NOW + 10_000), bucket(4_500, 100)], NOW);
    expect(verdict).toMatchObject({ allowed: false, retryAfterSeconds: 71 });
    expect(verdict.buckets.map((b) => [b.counted, b.retryAtMs])).toEqual([
      [true, NOW + 71_000],
      [false, null],
    ]);
    expect(verdict.buckets[1]!.state).toMatchObject({ allowed: true, remaining: 4_401 });
  });

  it('lets a client that waits out each Retry-After use its whole limit, once steady', () => {
    // One client on one bucket (20 a minute), sending again at once after a pass and at the instant
    // Retry-After points to after a refusal: what the limiter does, on counters kept here.
    const counts = new Map<number, number>();
    let retryAtMs: number | null = null;
    let at = NOW;
    const passed: number[] = [];
    while (at < NOW + 6 * 60_000) {
      const { index, elapsedMs } = windowOf(at);
      counts.set(index, (counts.get(index) ?? 0) + 1);
      const read = {
        limit: 20,
        counts: { current: counts.get(index)!, previous: counts.get(index - 1) ?? 0, elapsedMs },
      };
      const verdict = judge([{ ...read, retryAtMs, redeemed: false }], at);
      if (verdict.allowed) {
        passed.push(at);
        at += 1;
        continue;
      }
      if (!verdict.buckets[0]!.counted) counts.set(index, counts.get(index)! - 1);
      retryAtMs = verdict.buckets[0]!.retryAtMs;
      at += verdict.retryAfterSeconds * 1000;
    }
    // Retry-After is whole seconds, rounded up: a little under 20 in some minutes, never the half.
    for (let start = NOW + 2 * 60_000; start < NOW + 5 * 60_000; start += 5_000) {
      const inSpan = passed.filter((t) => t >= start && t < start + 60_000).length;
      expect(inSpan).toBeGreaterThanOrEqual(19);
    }
  });
});

describe('redeemable: which given Retry-After a refused request takes', () => {
  const at = (second: number) => second * 1000;
  it('takes the oldest second that has come, no older than REDEEM_WITHIN_S', () => {
    expect(REDEEM_WITHIN_S).toBe(2);
    expect(dueSecond(NOW + 63_999)).toBe(NOW / 1000 + 63);
    expect(oldestRedeemable(NOW + 500)).toBe(NOW / 1000 - 2);
    const given = new Map([
      [100, 1],
      [103, 2],
      [104, 1],
      [106, 3],
    ]);
    // 100 is more than 2 s old at 103; 106 has not come.
    expect(redeemable(given, at(103))).toBe(103);
    expect(redeemable(given, at(105) + 999)).toBe(103);
    expect(redeemable(given, at(106))).toBe(104);
    expect(redeemable(given, at(102))).toBe(100);
    expect(redeemable(given, at(99) + 999)).toBeNull();
    expect(redeemable(given, at(109))).toBeNull();
    expect(redeemable([[103, 0]], at(103))).toBeNull();
  });
});

/**
 * Clients on one bucket, each answered by `judge` over counters kept here as the limiter keeps them
 * (http/rate-limiter.ts, http/refusal-store.ts). A waiting client sends again 100 ms after a pass and at
 * the instant Retry-After points to after a refusal; a hammering one every 100 ms whatever it is told.
 * `redeem: false` is the rule before (a refusal counts when it came before the last Retry-After).
 */
function simulate(limit: number, kinds: Array<'waits' | 'hammers'>, minutes: number, redeem = true) {
  const counts = new Map<number, number>();
  const given = new Map<number, number>();
  let retryAtMs: number | null = null;
  const clients = kinds.map((kind, i) => ({ kind, next: NOW + i, passed: [] as number[], pointsTo: [] as number[] }));
  for (;;) {
    const client = clients.reduce((a, b) => (b.next < a.next ? b : a));
    const at = client.next;
    if (at >= NOW + minutes * 60_000) return clients;
    const { index, elapsedMs } = windowOf(at);
    counts.set(index, (counts.get(index) ?? 0) + 1);
    const counted = { current: counts.get(index)!, previous: counts.get(index - 1) ?? 0, elapsedMs };
    let read: BucketRead = { limit, counts: counted, retryAtMs: null, redeemed: false };
    if (!passes([read])) {
      // What RefusalStore.recall does: redeem only when it came before the last instant.
      const second = redeem && isBeforeRetryAfter(at, retryAtMs) ? redeemable(given, at) : null;
      if (second !== null) given.set(second, given.get(second)! - 1);
      read = { ...read, retryAtMs, redeemed: second !== null };
    }
    const verdict = judge([read], at);
    if (verdict.allowed) {
      client.passed.push(at);
      client.next = at + 100;
      continue;
    }
    const [settled] = verdict.buckets;
    if (!settled!.counted) counts.set(index, counts.get(index)! - 1);
    retryAtMs = settled!.retryAtMs!;
    given.set(dueSecond(retryAtMs), (given.get(dueSecond(retryAtMs)) ?? 0) + 1);
    client.pointsTo.push(retryAtMs);
    client.next = client.kind === 'waits' ? retryAtMs : at + 100;
  }
}

/** Requests passed in each 60 s span starting a second apart, from the second minute to the end. */
function spans(passed: number[], minutes: number): number[] {
  const counts = [];
  for (let from = NOW + 60_000; from + 60_000 <= NOW + minutes * 60_000; from += 1_000) {
    counts.push(passed.filter((t) => t >= from && t < from + 60_000).length);
  }
  return counts;
}

describe('clients sharing a bucket', () => {
  for (const limit of [10, 20]) {
    for (const n of [1, 2, 3, 12]) {
      it(`${n} waiting client(s) at ${limit} a minute get together at least 80% of it in every span after the first minute`, () => {
        const clients = simulate(limit, Array(n).fill('waits'), 6);
        const together = spans(
          clients.flatMap((c) => c.passed),
          6,
        );
        // Measured: at least 8 of 10 and 18 of 20 whatever the count (the two-window estimate lets a
        // span straddling a window's turn hold a few more than the limit when many pass together).
        expect(Math.min(...together)).toBeGreaterThanOrEqual(0.8 * limit);
      });
    }
  }

  it('12 waiting clients kept each other refused under the last Retry-After alone', () => {
    const clients = simulate(20, Array(12).fill('waits'), 6, false);
    expect(
      Math.max(
        ...spans(
          clients.flatMap((c) => c.passed),
          6,
        ),
      ),
    ).toBeLessThan(10);
  });

  for (const limit of [10, 20]) {
    it(`a client retrying every 100 ms at ${limit} a minute stays refused, its Retry-After never nearer`, () => {
      const [hammering] = simulate(limit, ['hammers'], 10);
      // Its first minute's budget, then nothing in nine minutes.
      expect(hammering!.passed.filter((t) => t >= NOW + 60_000)).toEqual([]);
      // Each instant it is given is no earlier than the latest before, but for the rounding up to whole
      // seconds (under 1 s); and at the end it is still told to wait most of a minute.
      let latest = -Infinity;
      for (const at of hammering!.pointsTo) {
        expect(at).toBeGreaterThan(latest - 1_000);
        latest = Math.max(latest, at);
      }
      expect(hammering!.pointsTo.at(-1)! - (NOW + 10 * 60_000)).toBeGreaterThan(50_000);
    });
  }

  it('a hammering client sharing the bucket with waiting ones keeps them all refused (the bucket is theirs together)', () => {
    const clients = simulate(20, ['waits', 'waits', 'waits', 'hammers'], 6);
    expect(clients.flatMap((c) => c.passed).filter((t) => t >= NOW + 60_000)).toEqual([]);
  });
});
