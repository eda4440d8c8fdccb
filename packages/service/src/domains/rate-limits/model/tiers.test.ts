import { describe, expect, it } from 'vitest';
import { bucketsFor, bucketState, tightest, windowOf } from './tiers.js';

const request = { tenantId: 't', environment: 'sandbox' };

describe('bucketsFor', () => {
  it('counts an API-key request against its tenant environment only, at the raised limit where raised', () => {
    expect(bucketsFor({ ...request, tier: 'positions', externalUserId: null }, {})).toEqual([
      { key: 'positions:t:sandbox', limit: 4_500 },
    ]);
    expect(bucketsFor({ ...request, tier: 'balance_sync', externalUserId: null }, { balance_sync: 2_000 })).toEqual([
      { key: 'balance_sync:t:sandbox', limit: 2_000 },
    ]);
  });

  it('counts a session request against its user and its tenant, but feed and default reads against the user only', () => {
    expect(bucketsFor({ ...request, tier: 'positions', externalUserId: 'u' }, { positions: 9_000 })).toEqual([
      { key: 'positions:t:sandbox:u:u', limit: 10 },
      { key: 'positions:t:sandbox', limit: 9_000 },
    ]);
    expect(bucketsFor({ ...request, tier: 'feed_read', externalUserId: 'u' }, {})).toEqual([
      { key: 'feed_read:t:sandbox:u:u', limit: 60 },
    ]);
    // Decisions part 5: one end user's reads cannot spend the operator's default budget, raised or not.
    expect(bucketsFor({ ...request, tier: 'default', externalUserId: 'u' }, { default: 5 })).toEqual([
      { key: 'default:t:sandbox:u:u', limit: 60 },
    ]);
    expect(bucketsFor({ ...request, tier: 'default', externalUserId: null }, { default: 5 })).toEqual([
      { key: 'default:t:sandbox', limit: 5 },
    ]);
  });

  it('keeps sandbox and live apart', () => {
    const live = bucketsFor({ ...request, environment: 'live', tier: 'default', externalUserId: null }, {});
    expect(live[0]!.key).toBe('default:t:live');
  });
});

describe('bucketState: a sliding window estimated from two fixed windows', () => {
  it('lets request N through and refuses N+1, with the first window alone', () => {
    expect(bucketState(10, { previous: 0, current: 10, elapsedMs: 0 })).toMatchObject({ allowed: true, remaining: 0 });
    expect(bucketState(10, { previous: 0, current: 11, elapsedMs: 0 })).toMatchObject({ allowed: false, remaining: 0 });
    expect(bucketState(10, { previous: 0, current: 3, elapsedMs: 15_000 })).toEqual({
      limit: 10,
      allowed: true,
      remaining: 7,
      resetSeconds: 45,
    });
  });

  it('weighs the previous window by how much of it is still inside the last 60 s', () => {
    // 30 s into this window, half of the previous one still counts: 10 × 0.5 + 6 = 11 > 10.
    expect(bucketState(10, { previous: 10, current: 6, elapsedMs: 30_000 }).allowed).toBe(false);
    expect(bucketState(10, { previous: 10, current: 5, elapsedMs: 30_000 }).allowed).toBe(true);
  });

  it('says when the next request would pass', () => {
    // Full at the window's start (11 counted, limit 10): the next window, once 11 × (1 − t/60 s) ≤ 9.
    // t = 60 s × 2/11 ≈ 10.9 s, so 70.9 s from now: 71.
    expect(bucketState(10, { previous: 0, current: 11, elapsedMs: 0 }).resetSeconds).toBe(71);
    // Over on the previous window's weight: 10 × (1 − t/60 s) + 6 ≤ 9 from t = 42 s, 12 s from now.
    expect(bucketState(10, { previous: 10, current: 6, elapsedMs: 30_000 }).resetSeconds).toBe(12);
    // Never less than one second: here 100 × (1 − t/60 s) + 5 ≤ 9 from t = 57.6 s, 0.7 s from now.
    expect(bucketState(10, { previous: 100, current: 5, elapsedMs: 56_900 })).toMatchObject({
      allowed: false,
      resetSeconds: 1,
    });
  });

  it('stays refused longer the more a client retries (spec 8.1 rule 6)', () => {
    const quiet = bucketState(10, { previous: 0, current: 11, elapsedMs: 0 }).resetSeconds;
    const hammering = bucketState(10, { previous: 0, current: 70, elapsedMs: 0 }).resetSeconds;
    expect(hammering).toBeGreaterThan(quiet);
  });
});

describe('helpers', () => {
  it('finds the fixed window of an instant and the tightest of several limits', () => {
    expect(windowOf(125_000)).toEqual({ index: 2, elapsedMs: 5_000 });
    const a = bucketState(10, { previous: 0, current: 4, elapsedMs: 0 });
    const b = bucketState(100, { previous: 0, current: 4, elapsedMs: 0 });
    expect(tightest([b, a])).toBe(a);
    expect(tightest([])).toBeNull();
  });
});
