import { describe, expect, it } from 'vitest';
import type { Environment } from '../db/schema.js';
import { LIMITED_TIERS, SPEC_LIMITS, type RaisedLimits, type RateLimitQuery } from '../domains/rate-limits/index.js';
import { FakeClock } from '../lib/clock.js';
import { memoryLogger } from '../lib/logger.js';
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

  it('counts a refusal that came before the last Retry-After, and not one at or after it', async () => {
    const { limiter: l, clock } = limiter({ balance_sync: 20 });
    const start = clock.now().getTime();
    const sync = () => l.check(query('balance_sync'));
    const used = async () =>
      (await l.usage({ tenantId: 't', environment: 'sandbox' }))!.find((u) => u.tier === 'balance_sync')!.used;
    expect((await sync()).limited).toBe(false);
    clock.set(new Date(start + 30_000));
    for (let i = 0; i < 19; i++) expect((await sync()).limited).toBe(false);
    // The first refusal is not counted: room once 12:00:00's one request leaves, in 30 s.
    expect(await sync()).toMatchObject({ limited: true, retryAfterSeconds: 30 });
    // Asking again at once is counted, so the 20 of 12:00:30 must leave too: 60 s.
    expect(await sync()).toMatchObject({
      limited: true,
      retryAfterSeconds: 60,
      headers: { remaining: 0, resetSeconds: 60 },
    });
    expect(await used()).toBe(21);
    // At the last instant (12:01:30) others take the whole room; a refusal then is not counted.
    clock.set(new Date(start + 90_000));
    for (let i = 0; i < 20; i++) expect((await sync()).limited).toBe(false);
    expect((await sync()).limited).toBe(true);
    expect(await used()).toBe(20);
  });

  it('does not count a refusal before the last Retry-After that redeems one given earlier, each once', async () => {
    const { limiter: l, clock } = limiter({ balance_sync: 20 });
    const start = clock.now().getTime();
    const sync = () => l.check(query('balance_sync'));
    const used = async () =>
      (await l.usage({ tenantId: 't', environment: 'sandbox' }))!.find((u) => u.tier === 'balance_sync')!.used;
    for (let i = 0; i < 20; i++) expect((await sync()).limited).toBe(false);
    // Client A is refused (not counted), client B a second later (counted): both told to come at 12:01:00.
    expect(await sync()).toMatchObject({ limited: true, retryAfterSeconds: 60 });
    clock.set(new Date(start + 1_000));
    expect(await sync()).toMatchObject({ limited: true, retryAfterSeconds: 59 });
    // At 12:01:00 others take the room (B's refusal of 12:00:01 is still in the window), and one more is
    // refused, moving the bucket's last instant to 12:01:01.
    clock.set(new Date(start + 60_000));
    for (let i = 0; i < 19; i++) expect((await sync()).limited).toBe(false);
    expect(await sync()).toMatchObject({ limited: true, retryAfterSeconds: 1 });
    expect(await used()).toBe(20);
    // A and B come back before that instant, refused; each redeems one of the two given for 12:01:00.
    clock.set(new Date(start + 60_500));
    expect((await sync()).limited).toBe(true);
    expect((await sync()).limited).toBe(true);
    expect(await used()).toBe(20);
    // A third at the same instant has none left to redeem: counted.
    expect((await sync()).limited).toBe(true);
    expect(await used()).toBe(21);
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
