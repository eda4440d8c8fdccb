import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  dueSecond,
  isBeforeRetryAfter,
  mayGive,
  oldestRedeemable,
  outstanding,
  redeemable,
  REDEEM_WITHIN_S,
} from './refusals.js';
import { SimulatedBuckets } from './simulated-buckets.js';

const NOW = Date.parse('2026-06-01T12:00:00.000Z');

describe('isBeforeRetryAfter', () => {
  it('is true strictly before the instant, and never without one', () => {
    expect(isBeforeRetryAfter(NOW, NOW + 1)).toBe(true);
    expect(isBeforeRetryAfter(NOW, NOW)).toBe(false);
    expect(isBeforeRetryAfter(NOW, null)).toBe(false);
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

describe('outstanding and mayGive: at most `limit` redeemable at once', () => {
  it('counts what is still redeemable, due or not, and lets a refusal give one only under the limit', () => {
    const second = NOW / 1000;
    const given = new Map([
      [second - 3, 5],
      [second - 2, 1],
      [second + 30, 2],
    ]);
    expect(outstanding(given, NOW)).toBe(3);
    expect(mayGive(3, 4)).toBe(true);
    expect(mayGive(4, 4)).toBe(false);
  });
});

/**
 * Clients on one bucket, each answered as the limiter answers (judge.ts over buckets kept as its stores
 * keep them). A waiting client sends again 100 ms after a pass and at the instant Retry-After points to
 * after a refusal; a hammering one every 100 ms whatever it is told. `redeem: false` is the rule before
 * (a refusal counts when it came before the last Retry-After): the bucket forgets what it gave.
 */
function simulate(limit: number, kinds: Array<'waits' | 'hammers'>, minutes: number, redeem = true) {
  const buckets = new SimulatedBuckets();
  const clients = kinds.map((kind, i) => ({
    kind,
    next: NOW + i,
    passed: [] as number[],
    pointsTo: [] as number[],
    countedLater: 0,
  }));
  for (;;) {
    const client = clients.reduce((a, b) => (b.next < a.next ? b : a));
    const at = client.next;
    if (at >= NOW + minutes * 60_000) return clients;
    if (!redeem) buckets.held.get('b')?.given.clear();
    const verdict = buckets.take([{ key: 'b', limit }], at);
    if (verdict.allowed) {
      client.passed.push(at);
      client.next = at + 100;
      continue;
    }
    const retryAtMs = verdict.buckets[0]!.retryAtMs!;
    if (verdict.buckets[0]!.counted && at >= NOW + 60_000) client.countedLater++;
    client.pointsTo.push(retryAtMs);
    client.next = client.kind === 'waits' ? retryAtMs : at + 100;
  }
}

/** Requests passed per minute on average, from the second minute to the end. */
const perMinute = (passed: number[], minutes: number) => passed.filter((t) => t >= NOW + 60_000).length / (minutes - 1);

describe('clients sharing a bucket', () => {
  for (const limit of [10, 20]) {
    for (const n of [1, 2, 3, 12, 30]) {
      it(`${n} waiting client(s) at ${limit} a minute get together the whole of it, minute after minute`, () => {
        const clients = simulate(limit, Array(n).fill('waits'), 11);
        // Measured: exactly the limit a minute, every time. Not in every 60 s span to the millisecond:
        // the window is in whole seconds, so passes come in bursts where old ones leave it, and a span
        // cutting two bursts holds less (down to about half), the one after it the rest.
        expect(
          perMinute(
            clients.flatMap((c) => c.passed),
            11,
          ),
        ).toBeGreaterThanOrEqual(0.95 * limit);
        // Up to the limit of them, almost none of their refusals is counted: only one that comes within
        // the same instant as another's (the first moves the bucket's last Retry-After, the second comes
        // before it with nothing due yet).
        if (n <= limit) expect(clients.reduce((sum, c) => sum + c.countedLater, 0)).toBeLessThanOrEqual(20);
      });
    }
  }

  it('12 waiting clients lost a quarter of the budget to counted refusals under the last Retry-After alone', () => {
    const alone = simulate(20, Array(12).fill('waits'), 11, false);
    expect(
      perMinute(
        alone.flatMap((c) => c.passed),
        11,
      ),
    ).toBeLessThan(16);
    expect(alone.reduce((sum, c) => sum + c.countedLater, 0)).toBeGreaterThan(100);
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

  it('a client sending at three times the pace of its limit or faster gets nothing after its first two minutes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.double({ min: 0.05, max: 1 }), (limit, share) => {
        const gapMs = Math.max(1, Math.floor((share * 20_000) / limit));
        const buckets = new SimulatedBuckets();
        for (let at = NOW; at < NOW + 6 * 60_000; at += gapMs) {
          const verdict = buckets.take([{ key: 'b', limit }], at);
          if (at >= NOW + 2 * 60_000) expect(verdict.allowed).toBe(false);
        }
      }),
      { numRuns: 40 },
    );
  });
});
