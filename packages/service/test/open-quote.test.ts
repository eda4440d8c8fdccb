import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../src/lib/clock.js';
import {
  createTenant,
  expectEnvelope,
  startTestService,
  uniqueKey,
  type TestService,
  type TestTenant,
} from './helpers.js';
import { createMarket, fundedUser, sessionFor } from './trading-helpers.js';

/** POST /v1/positions/quote: what an open of a stake would pay, as the open itself prices it. */
const clock = new FakeClock('2026-06-01T12:00:00.000Z');
let service: TestService;
let tenant: TestTenant;

beforeAll(async () => {
  service = await startTestService({ clock });
  tenant = await createTenant(service);
});
afterAll(() => service.stop());

const quote = (body: unknown, key = tenant.sandboxKey) =>
  service.api('sandbox', 'POST', '/v1/positions/quote', { key, body });

describe('the open quote', () => {
  it('answers the price and shares the open then gets, above the outcome price for a sizable stake, changing nothing', async () => {
    const market = await createMarket(service, tenant);
    const user = await fundedUser(service, tenant.sandboxKey, 'quote');
    const ask = { market_slug: market.slug, outcome_id: market.outcomes[0]!.id, stake: '40.00' };
    const quoted = await quote(ask);
    expect(quoted.status, quoted.text).toBe(200);
    expect(quoted.json).toEqual({
      ...ask,
      shares: expect.any(String),
      price: expect.any(String),
      max_stake: '50.00',
      quoted_at: clock.now().toISOString(),
    });
    expect(Number(quoted.json.price)).toBeGreaterThan(0.5);
    expect((await quote(ask)).json).toEqual(quoted.json);
    const opened = await service.api('sandbox', 'POST', '/v1/positions', {
      key: tenant.sandboxKey,
      idempotencyKey: uniqueKey(),
      body: { ...ask, external_user_id: user, max_price: quoted.json.price },
    });
    expect(opened.status, opened.text).toBe(201);
    expect({ price: opened.json.price, shares: opened.json.shares }).toEqual({
      price: quoted.json.price,
      shares: quoted.json.shares,
    });
  });

  it('takes a session token, and refuses what an open would refuse about the market', async () => {
    const market = await createMarket(service, tenant);
    const token = await sessionFor(service, tenant.sandboxKey, await fundedUser(service, tenant.sandboxKey, 'quote'));
    const ask = { market_slug: market.slug, outcome_id: market.outcomes[1]!.id, stake: '1.00' };
    expect((await quote(ask, token)).status).toBe(200);
    for (const change of [{ market_slug: 'no-such-market' }, { outcome_id: '00000000-0000-4000-8000-000000000000' }]) {
      const refused = await quote({ ...ask, ...change });
      expectEnvelope(refused, 'validation_failed', 400);
      expect(refused.json.details.issues).toEqual([
        { location: 'body', path: `/${Object.keys(change)[0]}`, message: refused.json.message },
      ]);
    }
    expectEnvelope(await quote({ ...ask, stake: 1 }), 'validation_failed', 400);
    expectEnvelope(await quote({ ...ask, stake: '0.00' }), 'validation_failed', 400);
    const elsewhere = await createTenant(service);
    expectEnvelope(await quote(ask, elsewhere.sandboxKey), 'validation_failed', 400);
    await service.platform('POST', `/platform/v1/markets/${market.slug}/suspend`);
    expectEnvelope(await quote(ask), 'market_suspended', 409);
  });
});
