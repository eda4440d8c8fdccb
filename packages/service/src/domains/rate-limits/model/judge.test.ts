import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { judge, type BucketRead } from './judge.js';
import { SimulatedBuckets } from './simulated-buckets.js';
import { secondOf, usedAt } from './window.js';

const NOW = Date.parse('2026-06-01T12:00:00.000Z');
const S = secondOf(NOW);
const read = (limit: number, counts: Array<[number, number]>, retryAtMs: number | null = null, given = new Map()) =>
  ({ limit, counts: new Map(counts), retryAtMs, given }) satisfies BucketRead;

describe('judge: one request over its buckets', () => {
  it('counts an allowed request everywhere, remembers nothing, and tells the tightest limit', () => {
    const verdict = judge([read(20, [[S - 30, 5]]), read(600, [[S - 50, 40]], NOW + 5_000)], NOW + 300);
    expect(verdict.allowed).toBe(true);
    expect(verdict.buckets.map((b) => [b.counted, b.redeemed, b.retryAtMs])).toEqual([
      [true, null, null],
      [true, null, null],
    ]);
    // 14 left of 20 (the oldest, at S − 30, leaves in 30 s) against 559 of 600.
    expect(verdict.headers).toEqual({ limit: 20, allowed: true, remaining: 14, resetSeconds: 30 });
  });

  it('does not count a first refusal, and gives the wait until the oldest seconds have left room', () => {
    const verdict = judge([read(20, [[S, 20]])], NOW + 300);
    expect(verdict).toEqual({
      allowed: false,
      retryAfterSeconds: 60,
      buckets: [
        {
          counted: false,
          redeemed: null,
          retryAtMs: NOW + 60_300,
          gives: true,
          state: { limit: 20, allowed: false, remaining: 0, resetSeconds: 60 },
        },
      ],
      headers: { limit: 20, allowed: false, remaining: 0, resetSeconds: 60 },
    });
  });

  it('refuses the 451st of 300 at :59 and 150 at :00, until :59 has left the window', () => {
    const verdict = judge(
      [
        read(450, [
          [S - 1, 300],
          [S, 150],
        ]),
      ],
      NOW + 100,
    );
    expect(verdict).toMatchObject({ allowed: false, retryAfterSeconds: 59 });
    // Obeyed, at 12:00:59.100: the window is 12:00:00 … 12:00:59, holding the 150.
    const obeyed = judge([read(450, [[S, 150]])], NOW + 59_100);
    expect(obeyed).toMatchObject({ allowed: true, headers: { remaining: 299, resetSeconds: 1 } });
  });

  it('counts a refusal that came before the last Retry-After, so retrying at once waits longer', () => {
    const counts: Array<[number, number]> = [
      [S - 30, 1],
      [S - 10, 19],
    ];
    // Not counted: room once S − 30 leaves, in 30 s. Counted: S − 10 must leave too, in 50 s.
    expect(judge([read(20, counts)], NOW)).toMatchObject({ retryAfterSeconds: 30, buckets: [{ counted: false }] });
    const early = judge([read(20, counts, NOW + 30_000)], NOW);
    expect(early).toMatchObject({ retryAfterSeconds: 50, buckets: [{ counted: true, retryAtMs: NOW + 50_000 }] });
  });

  it('does not count a refusal at or after the instant its bucket last gave', () => {
    expect(judge([read(20, [[S, 20]], NOW)], NOW).buckets[0]!.counted).toBe(false);
    expect(judge([read(20, [[S, 20]], NOW - 1)], NOW).buckets[0]!.counted).toBe(false);
  });

  it('does not count a refusal before the last Retry-After that redeems one given earlier, and says which', () => {
    const given = new Map([
      [S - 3, 1],
      [S - 1, 2],
      [S + 5, 1],
    ]);
    const verdict = judge([read(20, [[S - 20, 20]], NOW + 9_000, given)], NOW);
    // S − 3 is past redeeming; S − 1 is the oldest due; S + 5 has not come.
    expect(verdict).toMatchObject({
      allowed: false,
      retryAfterSeconds: 40,
      buckets: [{ counted: false, redeemed: S - 1 }],
    });
  });

  it('keeps at most the limit of given Retry-Afters redeemable: past that a refusal moves the last instant only', () => {
    const full = new Map([[S + 40, 3]]);
    const refused = judge([read(3, [[S - 20, 3]], NOW + 40_000, full)], NOW);
    expect(refused.buckets[0]).toMatchObject({ counted: true, retryAtMs: NOW + 40_000, gives: false });
    // One of them redeemed now frees a place for the one this refusal gives.
    const due = new Map([
      [S, 1],
      [S + 40, 2],
    ]);
    const redeeming = judge([read(3, [[S - 20, 3]], NOW + 40_000, due)], NOW);
    expect(redeeming.buckets[0]).toMatchObject({ counted: false, redeemed: S, gives: true });
  });

  it('judges each bucket of a refused request by its own last Retry-After; only refusing ones remember', () => {
    // The user's bucket refuses (its last Retry-After still ahead: counted); the tenant's has room and gave
    // none: the refusal does not spend the tenant's budget.
    const verdict = judge([read(10, [[S - 5, 10]], NOW + 10_000), read(4_500, [[S - 5, 100]])], NOW);
    // Counted in the user's bucket (its last Retry-After is ahead), it stays; S − 5's ten leave in 55 s.
    expect(verdict).toMatchObject({ allowed: false, retryAfterSeconds: 55 });
    expect(verdict.buckets.map((b) => [b.counted, b.retryAtMs, b.state.remaining])).toEqual([
      [true, NOW + 55_000, 0],
      [false, null, 4_400],
    ]);
    expect(verdict.headers).toEqual({ limit: 10, allowed: false, remaining: 0, resetSeconds: 55 });
  });

  it('waits for every bucket, so that obeying Retry-After passes where the refusal itself took the last room', () => {
    // The tenant's bucket (limit 5) had room, but this refusal came before its last Retry-After and fills it.
    const reads = [read(2, [[S - 58, 2]]), read(5, [[S - 50, 4]], NOW + 20_000)];
    const verdict = judge(reads, NOW);
    expect(verdict).toMatchObject({ allowed: false, retryAfterSeconds: 10 });
    expect(verdict.buckets.map((b) => [b.counted, b.retryAtMs])).toEqual([
      [false, NOW + 10_000],
      [true, null],
    ]);
    // The headers are the refusing limit's, Reset the same as Retry-After.
    expect(verdict.headers).toEqual({ limit: 2, allowed: false, remaining: 0, resetSeconds: 10 });
  });
});

/** Requests at increasing times, each on the user's bucket, the tenant's, or both (a session's). */
const requests = fc.array(
  fc.record({
    gapMs: fc.oneof(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 20_000 })),
    on: fc.constantFrom('user', 'tenant', 'both'),
  }),
  { minLength: 1, maxLength: 150 },
);
const limits = fc.record({ user: fc.integer({ min: 1, max: 12 }), tenant: fc.integer({ min: 1, max: 40 }) });
const bucketsOf = (on: string, limit: { user: number; tenant: number }) => [
  ...(on === 'tenant' ? [] : [{ key: 'user', limit: limit.user }]),
  ...(on === 'user' ? [] : [{ key: 'tenant', limit: limit.tenant }]),
];

describe('judge: properties', () => {
  it('never lets more than the limit through in any 60 whole seconds, and its headers stay in range', () => {
    fc.assert(
      fc.property(limits, requests, (limit, sequence) => {
        const buckets = new SimulatedBuckets();
        const passed = { user: [] as number[], tenant: [] as number[] };
        let at = NOW + 123;
        for (const { gapMs, on } of sequence) {
          at += gapMs;
          const wanted = bucketsOf(on, limit);
          const verdict = buckets.take(wanted, at);
          if (verdict.allowed) {
            for (const b of wanted) passed[b.key as 'user' | 'tenant'].push(secondOf(at));
            expect(verdict.headers!.remaining).toBeGreaterThanOrEqual(0);
            expect(verdict.headers!.resetSeconds).toBeGreaterThanOrEqual(1);
            expect(verdict.headers!.resetSeconds).toBeLessThanOrEqual(60);
          } else {
            expect(verdict.retryAfterSeconds).toBeGreaterThanOrEqual(1);
            expect(verdict.retryAfterSeconds).toBeLessThanOrEqual(60);
            expect(verdict.headers).toMatchObject({ remaining: 0, resetSeconds: verdict.retryAfterSeconds });
          }
        }
        for (const key of ['user', 'tenant'] as const) {
          const seconds = passed[key];
          for (const last of seconds) {
            expect(seconds.filter((s) => s > last - 60 && s <= last).length).toBeLessThanOrEqual(limit[key]);
          }
        }
      }),
    );
  });

  it('lets the refused request through when it comes back after Retry-After and nothing else came', () => {
    fc.assert(
      fc.property(limits, requests, fc.integer({ min: 0, max: 2_500 }), (limit, sequence, lateMs) => {
        const buckets = new SimulatedBuckets();
        let at = NOW + 456;
        for (const { gapMs, on } of sequence) {
          at += gapMs;
          const wanted = bucketsOf(on, limit);
          const verdict = buckets.take(wanted, at);
          if (verdict.allowed) continue;
          const back = buckets.clone().take(wanted, at + verdict.retryAfterSeconds * 1000 + lateMs);
          expect(back.allowed).toBe(true);
        }
      }),
    );
  });

  it('keeps the whole budget of a client that waits: none of its refusals count, and it is refused only when its own passes fill the window', () => {
    const behaviour = fc.array(
      fc.record({ nextMs: fc.integer({ min: 0, max: 4_000 }), lateMs: fc.integer({ min: 0, max: 1_500 }) }),
      { minLength: 1, maxLength: 300 },
    );
    fc.assert(
      fc.property(limits, fc.constantFrom('user', 'tenant', 'both'), behaviour, (limit, on, steps) => {
        const buckets = new SimulatedBuckets();
        const wanted = bucketsOf(on, limit);
        let at = NOW + 789;
        for (const { nextMs, lateMs } of steps) {
          const verdict = buckets.take(wanted, at);
          if (verdict.allowed) {
            at += nextMs;
            continue;
          }
          expect(verdict.buckets.every((b) => !b.counted)).toBe(true);
          const refusing = wanted[verdict.buckets.findIndex((b) => !b.state.allowed)]!;
          expect(usedAt(buckets.of(refusing.key)!.counts, secondOf(at))).toBe(refusing.limit);
          at += verdict.retryAfterSeconds * 1000 + lateMs;
        }
      }),
    );
  });
});
