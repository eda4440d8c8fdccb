import { describe, expect, it } from 'vitest';
import type { Environment } from '../db/schema.js';
import { LIMITED_TIERS, SPEC_LIMITS, type RaisedLimits } from '../domains/rate-limits/index.js';
import { FakeClock } from '../lib/clock.js';
import { memoryLogger } from '../lib/logger.js';
import type { RateLimitQuery } from './rate-limit.js';
import { windowRateLimiter } from './rate-limiter.js';

/**
 * The limiter with its counters in memory, asked directly: every tier's exact limits, including the
 * large tenant limits the HTTP tests do not send thousands of requests for.
 */
function limiter(raised: RaisedLimits = {}) {
  const clock = new FakeClock('2026-06-01T12:00:00.000Z');
  const raisedLimits = { of: async () => raised, invalidate: () => {} };
  return { clock, limiter: windowRateLimiter({ redis: null, clock, log: memoryLogger('silent').log, raisedLimits }) };
}
const query = (tier: RateLimitQuery['tier'], user: string | null = null, environment: Environment = 'sandbox') => ({
  tier,
  tenantEnv: { tenantId: 't', environment },
  externalUserId: user,
});

async function untilRefused(check: () => Promise<{ limited: boolean }>, max: number): Promise<number> {
  for (let n = 1; n <= max; n++) if ((await check()).limited) return n;
  return Infinity;
}

describe('every tier', () => {
  for (const tier of LIMITED_TIERS) {
    const { tenant, endUser } = SPEC_LIMITS[tier];
    it(`${tier}: request ${tenant} with the API key passes, ${tenant + 1} is refused`, async () => {
      const { limiter: l } = limiter();
      expect(await untilRefused(() => l.check(query(tier)), tenant + 5)).toBe(tenant + 1);
      // The other environment has its own budget.
      expect((await l.check(query(tier, null, 'live'))).limited).toBe(false);
    });
    if (endUser !== null) {
      it(`${tier}: a session user's request ${endUser} passes, ${endUser + 1} is refused`, async () => {
        const { limiter: l } = limiter();
        expect(await untilRefused(() => l.check(query(tier, 'u')), endUser + 5)).toBe(endUser + 1);
        expect((await l.check(query(tier, 'v'))).limited).toBe(false);
      });
    }
  }

  it('raised limits apply to their tier; platform and public routes are not counted', async () => {
    const { limiter: l } = limiter({ positions: 5_000 });
    expect(await untilRefused(() => l.check(query('positions')), 5_005)).toBe(5_001);
    expect(await l.check(query('platform'))).toEqual({ limited: false, headers: null });
    expect(await l.check(query('public'))).toEqual({ limited: false, headers: null });
  });

  it('takes back a refusal that came at or after the last Retry-After, and keeps one that came before', async () => {
    const { limiter: l, clock } = limiter();
    expect(await untilRefused(() => l.check(query('saved_markets', 'u')), 25)).toBe(21);
    // The 21st was not counted (no Retry-After given before it): 20 × (1 − t/60 s) ≤ 19 at t = 3 s.
    // Asking again at once is counted: 21 × (1 − t/60 s) ≤ 19 at t ≈ 5.7 s, so 66.
    expect(await l.check(query('saved_markets', 'u'))).toMatchObject({ limited: true, retryAfterSeconds: 66 });
    clock.advance(66_000);
    // 21 × 0.9 + 1 ≤ 20: passes (had both refusals counted, 22 × 0.9 + 1 would not).
    expect((await l.check(query('saved_markets', 'u'))).limited).toBe(false);
  });

  it('takes back a refusal before the last Retry-After that redeems one given earlier, once', async () => {
    const { limiter: l, clock } = limiter();
    const start = clock.now().getTime();
    expect(await untilRefused(() => l.check(query('saved_markets', 'u')), 25)).toBe(21);
    // That 21st (client A) was told 63 s. Client B, a second later, comes before it and is counted:
    // 21 × (1 − t/60 s) ≤ 19 at t ≈ 5.7 s, 65 s from now (66 s from the start), the bucket's last instant.
    clock.advance(1_000);
    expect(await l.check(query('saved_markets', 'u'))).toMatchObject({ limited: true, retryAfterSeconds: 65 });
    // A comes back at 63 s, before 66 s, still refused (21 × 0.95 + 1 > 20), and redeems the Retry-After
    // it was given: not counted, so it is told 66 s too (counted, it would have been told 69 s).
    clock.set(new Date(start + 63_000));
    expect(await l.check(query('saved_markets', 'u'))).toMatchObject({ limited: true, retryAfterSeconds: 3 });
    // A third at the same instant has none left to redeem: counted, so 21 × (1 − t/60 s) + 1 ≤ 19 from
    // t ≈ 8.6 s: 69 s.
    expect(await l.check(query('saved_markets', 'u'))).toMatchObject({ limited: true, retryAfterSeconds: 6 });
  });

  it('forgets a full window once the clock has moved past it and the next', async () => {
    const { limiter: l, clock } = limiter();
    await untilRefused(() => l.check(query('balance_sync')), 500);
    const refused = await l.check(query('balance_sync'));
    expect(refused).toMatchObject({ limited: true, headers: { limit: 450, remaining: 0 } });
    clock.advance(120_000);
    expect(await l.check(query('balance_sync'))).toMatchObject({ limited: false, headers: { remaining: 449 } });
  });
});
