import { expect } from 'vitest';
import { registerUser, sync, type TestService, type TestTenant } from './helpers.js';

export interface TestMarket {
  id: string;
  slug: string;
  outcomes: { id: string; title: string; price: string }[];
}

let counter = 0;

/**
 * A two-outcome market enabled for the tenant: b = 100, even prices, caps 50.00 per position and 80.00
 * per user, open through June 2026 (tests run on a FakeClock inside that window).
 */
export async function createMarket(
  service: TestService,
  tenant: TestTenant,
  overrides: Record<string, unknown> = {},
): Promise<TestMarket> {
  counter += 1;
  const slug = `t-market-${process.pid}-${counter}`;
  const res = await service.platform('POST', '/platform/v1/markets', {
    slug,
    title: `Market ${counter}`,
    outcomes: [{ title: 'Yes' }, { title: 'No' }],
    opens_at: '2026-06-01T00:00:00Z',
    closes_at: '2026-06-30T00:00:00Z',
    max_stake_per_position: '50.00',
    max_open_stake_per_user: '80.00',
    liquidity: '100',
    // A fixture trusts its own sandbox traffic: no sandbox bound unless a test asks for one
    // (test/sandbox-influence.test.ts does).
    sandbox_influence: null,
    ...overrides,
  });
  expect(res.status, res.text).toBe(201);
  const enabled = await service.platform('PUT', `/platform/v1/tenants/${tenant.tenantId}/markets/${res.json.slug}`);
  expect(enabled.status, enabled.text).toBe(200);
  return res.json;
}

/** A registered user of the key's environment with a starting balance. */
export async function fundedUser(service: TestService, key: string, name: string, amount = '1000.00'): Promise<string> {
  counter += 1;
  const id = `${name}-${counter}-${Math.floor(Math.random() * 1e9)}`;
  await registerUser(service, key, id);
  expect((await sync(service, key, { external_user_id: id, direction: 'credit', amount })).status).toBe(200);
  return id;
}

/** A widget session token for a registered user of the key's environment. */
export async function sessionFor(service: TestService, key: string, externalUserId: string): Promise<string> {
  const minted = await service.api('sandbox', 'POST', '/v1/widget/sessions', {
    key,
    body: { external_user_id: externalUserId },
  });
  expect(minted.status, minted.text).toBe(201);
  return minted.json.token as string;
}

/**
 * A fresh market, a funded user with a widget session, and one 1.00 open through that session (which,
 * unlike an API-key open, writes a position.opened event).
 */
export async function widgetOpen(service: TestService, tenant: TestTenant, name = 'widget') {
  const market = await createMarket(service, tenant);
  const user = await fundedUser(service, tenant.sandboxKey, name);
  const token = await sessionFor(service, tenant.sandboxKey, user);
  const body = { market_slug: market.slug, outcome_id: market.outcomes[0]!.id, stake: '1.00', max_price: '1' };
  const opened = await service.api('sandbox', 'POST', '/v1/positions', {
    key: token,
    body,
    idempotencyKey: `widget-open-${Math.random()}`,
  });
  expect(opened.status, opened.text).toBe(201);
  return { market, user, token, body, opened };
}

/** An open through the operator's API key for `user`, on outcome `index`, expected to succeed. */
export async function operatorOpen(
  service: TestService,
  key: string,
  market: TestMarket,
  user: string,
  stake = '5.00',
  index = 0,
) {
  const res = await service.api('sandbox', 'POST', '/v1/positions', {
    key,
    idempotencyKey: `operator-open-${Math.random()}`,
    body: {
      external_user_id: user,
      market_slug: market.slug,
      outcome_id: market.outcomes[index]!.id,
      stake,
      max_price: '1',
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.json;
}
