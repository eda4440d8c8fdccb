import { describe, expect, it } from 'vitest';
import { bucketsFor, tightest } from './tiers.js';

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
    // One end user's reads cannot spend the operator's default budget, raised or not.
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

describe('tightest', () => {
  it('is the limit with the least remaining, the first of equals', () => {
    const state = (limit: number, remaining: number) => ({ limit, allowed: true, remaining, resetSeconds: 60 });
    const [user, tenant, other] = [state(10, 6), state(4_500, 6), state(600, 596)];
    expect(tightest([other, user, tenant])).toBe(user);
    expect(tightest([tenant, user])).toBe(tenant);
    expect(tightest([])).toBeNull();
  });
});
