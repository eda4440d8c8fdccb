import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../src/lib/clock.js';
import { settledWinPayout } from '../src/domains/markets/index.js';
import { formatAmount } from '../src/lib/money.js';
import { createMarket, fundedUser, sessionFor, type TestMarket } from './trading-helpers.js';
import {
  createTenant,
  expectEnvelope,
  registerUser,
  startTestService,
  sync,
  uniqueKey,
  type TestService,
  type TestTenant,
} from './helpers.js';
import type { Environment } from '../src/db/schema.js';

const clock = new FakeClock('2026-06-01T12:00:00.000Z');
let service: TestService;
let tenant: TestTenant;

const keyOf = (environment: Environment, t = tenant) => (environment === 'sandbox' ? t.sandboxKey : t.liveKey);

async function open(
  user: string,
  market: TestMarket,
  outcome: number,
  stake: string,
  environment: Environment = 'sandbox',
  t = tenant,
) {
  const res = await service.api(environment, 'POST', '/v1/positions', {
    key: keyOf(environment, t),
    idempotencyKey: uniqueKey('open'),
    body: {
      external_user_id: user,
      market_slug: market.slug,
      outcome_id: market.outcomes[outcome]!.id,
      stake,
      max_price: '1',
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.json as { id: string; stake: string; price: string; outcome_id: string };
}

const exposure = (slug: string, key = tenant.sandboxKey, environment: Environment = 'sandbox') =>
  service.api(environment, 'GET', `/v1/markets/${slug}/exposure`, { key });

const cents = (amount: string) => BigInt(Math.round(Number(amount) * 100));
const micro = (price: string) => BigInt(Math.round(Number(price) * 1e6));
/** What the positions pay if their outcome wins, each rounded as settlement rounds it. */
const payoutOf = (positions: { stake: string; price: string }[]) =>
  formatAmount(positions.reduce((sum, p) => sum + settledWinPayout(cents(p.stake), micro(p.price)), 0n));
const stakeOf = (positions: { stake: string }[]) =>
  formatAmount(positions.reduce((sum, p) => sum + cents(p.stake), 0n));

async function liveUser(t: TestTenant, name: string) {
  const id = `${name}-${Math.floor(Math.random() * 1e9)}`;
  await registerUser(service, t.liveKey, id, 'live');
  const funded = await sync(
    service,
    t.liveKey,
    { external_user_id: id, direction: 'credit', amount: '500.00' },
    uniqueKey(),
    'live',
  );
  expect(funded.status, funded.text).toBe(200);
  return id;
}

beforeAll(async () => {
  service = await startTestService({ clock });
  tenant = await createTenant(service);
});
afterAll(() => service.stop());

describe('GET /v1/markets/{slug}/exposure', () => {
  it('sums the open positions of several users per outcome, leaves a closed one out and nets against the whole market', async () => {
    const market = await createMarket(service, tenant, {
      outcomes: [{ title: 'Home' }, { title: 'Draw' }, { title: 'Away' }],
    });
    const [ann, ben, cat] = [
      await fundedUser(service, tenant.sandboxKey, 'ann'),
      await fundedUser(service, tenant.sandboxKey, 'ben'),
      await fundedUser(service, tenant.sandboxKey, 'cat'),
    ];
    const home = [await open(ann, market, 0, '10.00'), await open(ben, market, 0, '7.33')];
    const away = [await open(cat, market, 2, '12.50')];
    const closed = await open(ben, market, 2, '3.00');
    const closing = await service.api('sandbox', 'POST', `/v1/positions/${closed.id}/close`, {
      key: tenant.sandboxKey,
      body: { min_price: '0' },
      idempotencyKey: uniqueKey('close'),
    });
    expect(closing.status, closing.text).toBe(200);

    const res = await exposure(market.slug);
    expect(res.status, res.text).toBe(200);
    const total = cents(stakeOf([...home, ...away]));
    const net = (payout: string) => formatAmount(cents(payout) - total);
    expect(res.json).toEqual({
      market_slug: market.slug,
      as_of: clock.now().toISOString(),
      outcomes: [
        {
          outcome_id: market.outcomes[0]!.id,
          open_positions: 2,
          open_stake: '17.33',
          payout_if_wins: payoutOf(home),
          net_if_wins: net(payoutOf(home)),
        },
        {
          outcome_id: market.outcomes[1]!.id,
          open_positions: 0,
          open_stake: '0.00',
          payout_if_wins: '0.00',
          net_if_wins: '-29.83',
        },
        {
          outcome_id: market.outcomes[2]!.id,
          open_positions: 1,
          open_stake: '12.50',
          payout_if_wins: payoutOf(away),
          net_if_wins: net(payoutOf(away)),
        },
      ],
    });
    for (const line of res.json.outcomes) {
      for (const field of ['open_stake', 'payout_if_wins', 'net_if_wins']) expect(line[field]).toMatch(/^-?\d+\.\d\d$/);
    }
  });

  it('says beforehand what a resolution pays, and answers zeros once the market is settled', async () => {
    const market = await createMarket(service, tenant);
    const users = [
      await fundedUser(service, tenant.sandboxKey, 'w1'),
      await fundedUser(service, tenant.sandboxKey, 'w2'),
    ];
    const winners = [await open(users[0]!, market, 0, '3.17'), await open(users[1]!, market, 0, '11.11')];
    await open(users[1]!, market, 1, '9.99');
    const before = await exposure(market.slug);
    expect(before.status, before.text).toBe(200);
    const predicted = before.json.outcomes[0].payout_if_wins as string;

    const resolved = await service.platform('POST', `/platform/v1/markets/${market.slug}/resolve`, {
      outcome_id: market.outcomes[0]!.id,
    });
    expect(resolved.status, resolved.text).toBe(200);
    const paid = await Promise.all(
      winners.map(
        async (p) =>
          (await service.api('sandbox', 'GET', `/v1/positions/${p.id}`, { key: tenant.sandboxKey })).json
            .payout as string,
      ),
    );
    expect(formatAmount(paid.reduce((sum, p) => sum + cents(p), 0n))).toBe(predicted);

    const after = await exposure(market.slug);
    expect(after.status, after.text).toBe(200);
    expect(after.json.outcomes).toEqual(
      market.outcomes.map((o) => ({
        outcome_id: o.id,
        open_positions: 0,
        open_stake: '0.00',
        payout_if_wins: '0.00',
        net_if_wins: '0.00',
      })),
    );
  });

  it('counts only the caller’s tenant environment: other tenants, and sandbox and live, never meet', async () => {
    const other = await createTenant(service);
    const market = await createMarket(service, tenant);
    const enabled = await service.platform('PUT', `/platform/v1/tenants/${other.tenantId}/markets/${market.slug}`);
    expect(enabled.status, enabled.text).toBe(200);

    const mine = await open(await fundedUser(service, tenant.sandboxKey, 'mine'), market, 0, '4.00');
    await open(await fundedUser(service, other.sandboxKey, 'theirs'), market, 0, '40.00', 'sandbox', other);
    const live = await open(await liveUser(tenant, 'live'), market, 1, '6.00', 'live');

    const sandbox = await exposure(market.slug);
    expect(sandbox.json.outcomes.map((o: any) => [o.open_positions, o.open_stake])).toEqual([
      [1, '4.00'],
      [0, '0.00'],
    ]);
    expect(sandbox.json.outcomes[0].payout_if_wins).toBe(payoutOf([mine]));

    const liveAnswer = await exposure(market.slug, tenant.liveKey, 'live');
    expect(liveAnswer.status, liveAnswer.text).toBe(200);
    expect(liveAnswer.json.outcomes.map((o: any) => [o.open_positions, o.open_stake])).toEqual([
      [0, '0.00'],
      [1, '6.00'],
    ]);
    expect(liveAnswer.json.outcomes[1].payout_if_wins).toBe(payoutOf([live]));

    const theirs = await exposure(market.slug, other.sandboxKey);
    expect(theirs.json.outcomes.map((o: any) => [o.open_positions, o.open_stake])).toEqual([
      [1, '40.00'],
      [0, '0.00'],
    ]);
    expect((await exposure(market.slug, other.liveKey, 'live')).json.outcomes[1].open_positions).toBe(0);
  });

  it('answers for a sandbox test market in its owner’s sandbox, and not_found in live or for another tenant', async () => {
    const created = await service.api('sandbox', 'POST', '/v1/sandbox/markets', {
      key: tenant.sandboxKey,
      body: { title: 'A test market', outcomes: ['Yes', 'No'] },
      idempotencyKey: uniqueKey('test-market'),
    });
    expect(created.status, created.text).toBe(201);
    const testMarket = created.json as TestMarket;
    const position = await open(await fundedUser(service, tenant.sandboxKey, 'tester'), testMarket, 1, '2.50');
    const res = await exposure(testMarket.slug);
    expect(res.status, res.text).toBe(200);
    expect(res.json.outcomes[1]).toMatchObject({
      open_positions: 1,
      open_stake: '2.50',
      payout_if_wins: payoutOf([position]),
    });
    expectEnvelope(await exposure(testMarket.slug, tenant.liveKey, 'live'), 'not_found', 404);
    const other = await createTenant(service);
    expectEnvelope(await exposure(testMarket.slug, other.sandboxKey), 'not_found', 404);
  });

  it('refuses without a key, with a session token, without write:positions, and for markets it may not see', async () => {
    const market = await createMarket(service, tenant);
    const path = `/v1/markets/${market.slug}/exposure`;
    expectEnvelope(await service.api('sandbox', 'GET', path), 'invalid_api_key', 401);
    expectEnvelope(
      await service.api('sandbox', 'GET', path, { key: 'pmk_sandbox_notakeynotakeynotakeynotakey00' }),
      'invalid_api_key',
      401,
    );
    const user = await fundedUser(service, tenant.sandboxKey, 'session');
    const token = await sessionFor(service, tenant.sandboxKey, user);
    expectEnvelope(await service.api('sandbox', 'GET', path, { key: token }), 'invalid_api_key', 401);
    expectEnvelope(await exposure(market.slug, tenant.liveKey), 'invalid_api_key', 401);

    const readOnly = await createTenant(service, ['read:markets', 'write:sync']);
    const enabled = await service.platform('PUT', `/platform/v1/tenants/${readOnly.tenantId}/markets/${market.slug}`);
    expect(enabled.status).toBe(200);
    expectEnvelope(await exposure(market.slug, readOnly.sandboxKey), 'insufficient_scope', 403);

    expectEnvelope(await exposure('no-such-market'), 'not_found', 404);
    const other = await createTenant(service);
    const theirs = await createMarket(service, other);
    expectEnvelope(await exposure(theirs.slug), 'not_found', 404);
    expectEnvelope(await exposure(`${'x'.repeat(65)}`), 'not_found', 404);
    expectEnvelope(await exposure('Not%20A%20Slug'), 'not_found', 404);
    expectEnvelope(await exposure('x'.repeat(201)), 'validation_failed', 400);
  });
});
