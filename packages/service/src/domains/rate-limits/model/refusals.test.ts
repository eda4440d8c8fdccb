import { describe, expect, it } from 'vitest';
import { isBeforeRetryAfter, judge, passes, type BucketRead } from './refusals.js';
import { windowOf } from './tiers.js';

const NOW = Date.parse('2026-06-01T12:00:00.000Z');
const bucket = (limit: number, current: number, retryAtMs: number | null = null, previous = 0): BucketRead => ({
  limit,
  counts: { previous, current, elapsedMs: 0 },
  retryAtMs,
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
      const verdict = judge([{ ...read, retryAtMs }], at);
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
