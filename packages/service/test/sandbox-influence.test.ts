import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../src/lib/clock.js';
import {
  createTenant,
  expectEnvelope,
  expectLedgerInvariant,
  registerUser,
  startTestService,
  sync,
  uniqueKey,
  type TestService,
  type TestTenant,
} from './helpers.js';
import { createMarket, type TestMarket } from './trading-helpers.js';

/**
 * Sandbox influence on shared markets (docs/operator-api.md, "Sandbox influence"): free sandbox money
 * moves a live price only within the market's sandbox_influence, and the push-and-release attack that
 * turned 250.00 of live money into 1,797.54 gains about 1 % of the live stake a cycle, a few cycles a day.
 */
const clock = new FakeClock('2026-06-02T12:00:00.000Z');
let service: TestService;
let attacker: TestTenant;
let operator: TestTenant;

type Env = 'sandbox' | 'live';
const keyOf = (tenant: TestTenant, env: Env) => (env === 'sandbox' ? tenant.sandboxKey : tenant.liveKey);

async function funded(tenant: TestTenant, env: Env, amount: string): Promise<string> {
  const id = `inf-${env}-${Math.floor(Math.random() * 1e9)}`;
  await registerUser(service, keyOf(tenant, env), id, env);
  const credited = await sync(
    service,
    keyOf(tenant, env),
    { external_user_id: id, direction: 'credit', amount },
    uniqueKey('credit'),
    env,
  );
  expect(credited.status, credited.text).toBe(200);
  return id;
}

function open(
  tenant: TestTenant,
  env: Env,
  user: string,
  market: TestMarket,
  outcome: number,
  stake: string,
  key = uniqueKey('open'),
) {
  return service.api(env, 'POST', '/v1/positions', {
    key: keyOf(tenant, env),
    idempotencyKey: key,
    body: {
      external_user_id: user,
      market_slug: market.slug,
      outcome_id: market.outcomes[outcome]!.id,
      stake,
      max_price: '1',
    },
  });
}

function close(tenant: TestTenant, env: Env, positionId: string) {
  return service.api(env, 'POST', `/v1/positions/${positionId}/close`, {
    key: keyOf(tenant, env),
    idempotencyKey: uniqueKey('close'),
    body: { min_price: '0' },
  });
}

const platformMarket = async (slug: string) => (await service.platform('GET', `/platform/v1/markets/${slug}`)).json;
const cents = (amount: string) => Math.round(Number(amount) * 100);

/** A shared market enabled for both tenants, with the sandbox bound unless told otherwise. */
async function sharedMarket(overrides: Record<string, unknown> = {}): Promise<TestMarket> {
  const market = await createMarket(service, attacker, {
    liquidity: '1000',
    max_stake_per_position: '1000.00',
    max_open_stake_per_user: '5000.00',
    sandbox_influence: '0.01',
    ...overrides,
  });
  const enabled = await service.platform('PUT', `/platform/v1/tenants/${operator.tenantId}/markets/${market.slug}`);
  expect(enabled.status).toBe(200);
  return market;
}

beforeAll(async () => {
  service = await startTestService({ clock });
  attacker = await createTenant(service);
  operator = await createTenant(service);
});
afterAll(() => service.stop());

describe('the push-and-release attack', () => {
  it('is refused at 250.00, and what fits gains a live user about 1 % of the stake a cycle, five cycles a day', async () => {
    const market = await sharedMarket();
    const pusher = await funded(attacker, 'sandbox', '10000.00');
    const live = await funded(operator, 'live', '250.00');

    // Eight opens of 250.00 on Yes: each would move the live odds far more than 1 %.
    const refusedKey = uniqueKey('push');
    for (let i = 0; i < 8; i++) {
      const res = await open(attacker, 'sandbox', pusher, market, 0, '250.00', i === 0 ? refusedKey : undefined);
      expectEnvelope(res, 'sandbox_limit_reached', 409);
      expect(res.json.details.remaining).toMatch(/^\d+\.\d{2}$/);
    }
    // Nothing applied, and the key is not spent: the same key opens what fits later.
    expect((await platformMarket(market.slug)).sandbox_spread).toBe('0.000000');
    const balance = (await service.api('sandbox', 'GET', `/v1/users/${pusher}`, { key: attacker.sandboxKey })).json;
    expect(balance.balance).toBe('10000.00');

    let liveMoney = 25_000;
    for (let cycle = 1; cycle <= 5; cycle++) {
      // The push: the largest stake that fits, as the refusal says.
      const refusal = await open(attacker, 'sandbox', pusher, market, 0, '250.00');
      expectEnvelope(refusal, 'sandbox_limit_reached', 409);
      const fits = refusal.json.details.remaining as string;
      expect(cents(fits)).toBeGreaterThan(0);
      const pushed = await open(attacker, 'sandbox', pusher, market, 0, fits, cycle === 1 ? refusedKey : undefined);
      expect(pushed.status, pushed.text).toBe(201);
      expect(Number((await platformMarket(market.slug)).sandbox_spread)).toBeLessThanOrEqual(0.01);

      // The live user buys the cheap side with everything, the push is released, the live user sells.
      const stake = (liveMoney / 100).toFixed(2);
      const bought = await open(operator, 'live', live, market, 1, stake);
      expect(bought.status, bought.text).toBe(201);
      expect((await close(attacker, 'sandbox', pushed.json.id)).status).toBe(200);
      const sold = await close(operator, 'live', bought.json.id);
      expect(sold.status, sold.text).toBe(200);
      const gain = cents(sold.json.payout) - liveMoney;
      // About 1 % of the live stake at most (ε = 0.01: odds move by a factor of at most e^0.01).
      expect(gain).toBeLessThanOrEqual(Math.ceil(liveMoney * (Math.exp(0.01) - 1)));
      liveMoney += gain;
    }
    // The attacker's day is spent: ten shares pushed and released five times is 10·ε·b = 100 shares, and
    // what is left of it (each push bought a hair under ten) is worth a few cents.
    const spent = await open(attacker, 'sandbox', pusher, market, 0, '1.00');
    expectEnvelope(spent, 'sandbox_limit_reached', 409);
    expect(cents(spent.json.details.remaining)).toBeLessThanOrEqual(5);
    // Five cycles turned 250.00 into less than 263.00, where the unbounded market gave 1,797.54.
    expect(liveMoney).toBeLessThan(26_300);

    // Another sandbox tenant environment has its own day; 24 hours on, the attacker's day is back.
    const other = await funded(operator, 'sandbox', '100.00');
    expect((await open(operator, 'sandbox', other, market, 0, '1.00')).status).toBe(201);
    clock.advance(24 * 3600_000 + 1000);
    expect((await open(attacker, 'sandbox', pusher, market, 0, '1.00')).status).toBe(201);
    for (const tenant of [attacker, operator]) await expectLedgerInvariant(service.db, tenant.tenantId);
  });
});

describe('what the bound leaves alone', () => {
  it('never meets a live trade, however large', async () => {
    const market = await sharedMarket();
    const live = await funded(operator, 'live', '1000.00');
    const res = await open(operator, 'live', live, market, 0, '900.00');
    expect(res.status, res.text).toBe(201);
    expect((await platformMarket(market.slug)).sandbox_spread).toBe('0.000000');
  });

  it('never refuses a close, and a close can widen the spread past the bound', async () => {
    const market = await sharedMarket();
    const user = await funded(attacker, 'sandbox', '100.00');
    const yes = await open(attacker, 'sandbox', user, market, 0, '4.00');
    const no = await open(attacker, 'sandbox', user, market, 1, '4.00');
    const more = await open(attacker, 'sandbox', user, market, 0, '4.00');
    expect([yes.status, no.status, more.status]).toEqual([201, 201, 201]);
    expect((await close(attacker, 'sandbox', no.json.id)).status).toBe(200);
    expect(Number((await platformMarket(market.slug)).sandbox_spread)).toBeGreaterThan(0.01);
    // Now only an open that brings the spread back under the bound passes.
    expectEnvelope(await open(attacker, 'sandbox', user, market, 0, '1.00'), 'sandbox_limit_reached', 409);
    expect((await open(attacker, 'sandbox', user, market, 1, '6.00')).status).toBe(201);
  });

  it('lets a null market and a sandbox test market move as far as the market maker allows', async () => {
    const open_ = await sharedMarket({ sandbox_influence: null });
    const user = await funded(attacker, 'sandbox', '2000.00');
    expect((await open(attacker, 'sandbox', user, open_, 0, '900.00')).status).toBe(201);
    expect(Number((await platformMarket(open_.slug)).sandbox_spread)).toBeGreaterThan(1);

    const test = await service.api('sandbox', 'POST', '/v1/sandbox/markets', {
      key: attacker.sandboxKey,
      idempotencyKey: uniqueKey('test-market'),
      body: { title: 'My test market', outcomes: ['Yes', 'No'], liquidity: '1000' },
    });
    expect(test.status, test.text).toBe(201);
    expect(test.json.sandbox_influence).toBeNull();
    expect((await open(attacker, 'sandbox', user, test.json, 0, '900.00')).status).toBe(201);
  });
});

describe('sandbox limit orders', () => {
  it('leave an order open when its fill would pass the bound, and fill it once there is room', async () => {
    const market = await sharedMarket();
    const user = await funded(attacker, 'sandbox', '1000.00');
    const placed = await service.api('sandbox', 'POST', '/v1/orders', {
      key: attacker.sandboxKey,
      idempotencyKey: uniqueKey('order'),
      body: {
        external_user_id: user,
        market_slug: market.slug,
        outcome_id: market.outcomes[0]!.id,
        stake: '50.00',
        limit_price: '0.99',
      },
    });
    expect(placed.status, placed.text).toBe(201);
    expect(placed.json.status).toBe('open');
    // A trade on the market evaluates the order again: still too large, still open, nothing debited.
    const small = await open(attacker, 'sandbox', user, market, 1, '1.00');
    expect(small.status).toBe(201);
    const order = await service.api('sandbox', 'GET', `/v1/orders/${placed.json.id}`, { key: attacker.sandboxKey });
    expect(order.json.status).toBe('open');
    // With no bound, the next trade fills it.
    const patched = await service.platform('PATCH', `/platform/v1/markets/${market.slug}`, { sandbox_influence: null });
    expect(patched.status, patched.text).toBe(200);
    expect((await open(attacker, 'sandbox', user, market, 1, '1.00')).status).toBe(201);
    const filled = await service.api('sandbox', 'GET', `/v1/orders/${placed.json.id}`, { key: attacker.sandboxKey });
    expect(filled.json.status).toBe('filled');
    await expectLedgerInvariant(service.db, attacker.tenantId);
  });
});

describe('q_sandbox', () => {
  it('is the shares open sandbox positions hold, through opens, closes and settlement', async () => {
    const market = await sharedMarket({ sandbox_influence: null });
    const user = await funded(attacker, 'sandbox', '100.00');
    const a = await open(attacker, 'sandbox', user, market, 0, '10.00');
    const b = await open(attacker, 'sandbox', user, market, 1, '3.00');
    const live = await funded(operator, 'live', '100.00');
    expect((await open(operator, 'live', live, market, 0, '50.00')).status).toBe(201);
    const held = async () =>
      (
        await sql<{ q: string[] }>`select q_sandbox::text[] as q from markets where slug = ${market.slug}`.execute(
          service.db,
        )
      ).rows[0]!.q;
    const units = (shares: string) => BigInt(shares.replace('.', ''));
    expect((await held()).map(BigInt)).toEqual([units(a.json.shares), units(b.json.shares)]);
    expect((await close(attacker, 'sandbox', a.json.id)).status).toBe(200);
    expect((await held()).map(BigInt)).toEqual([0n, units(b.json.shares)]);
    const resolved = await service.platform('POST', `/platform/v1/markets/${market.slug}/resolve`, {
      outcome_id: market.outcomes[1]!.id,
    });
    expect(resolved.status, resolved.text).toBe(200);
    expect((await held()).map(BigInt)).toEqual([0n, 0n]);
    expect(resolved.json.sandbox_spread).toBe('0.000000');
  });
});

describe('GET and PATCH /platform/v1/markets/{slug}', () => {
  it('answers the market with its bound and spread, and changes the bound', async () => {
    const market = await sharedMarket({ sandbox_influence: undefined });
    const got = await service.platform('GET', `/platform/v1/markets/${market.slug}`);
    expect(got.status).toBe(200);
    expect(got.json).toEqual({ ...market, sandbox_influence: '0.01', sandbox_spread: '0.000000' });
    for (const value of ['0.05', '0.001', null, '0.02']) {
      const res = await service.platform('PATCH', `/platform/v1/markets/${market.slug}`, { sandbox_influence: value });
      expect(res.status, res.text).toBe(200);
      expect(res.json.sandbox_influence).toBe(value);
    }
    // An absent field changes nothing.
    expect((await service.platform('PATCH', `/platform/v1/markets/${market.slug}`, {})).json.sandbox_influence).toBe(
      '0.02',
    );
    const audit = await service.db
      .selectFrom('audit_log')
      .select(['who', 'details', 'outcome'])
      .where('action', '=', 'market.update')
      .where('target', '=', market.slug)
      .execute();
    expect(audit).toHaveLength(5);
  });

  it('refuses a bound out of range or in the wrong form, changing nothing', async () => {
    const market = await sharedMarket();
    for (const body of [
      { sandbox_influence: '0.06' },
      { sandbox_influence: '0.0009' },
      { sandbox_influence: '0' },
      { sandbox_influence: 0.01 },
      { sandbox_influence: '1e-2' },
      { sandbox_influence: '0.0100000' },
      { liquidity: '5' },
      [],
    ]) {
      const res = await service.platform('PATCH', `/platform/v1/markets/${market.slug}`, body);
      expectEnvelope(res, 'validation_failed', 400);
    }
    expect((await platformMarket(market.slug)).sandbox_influence).toBe('0.01');
    expectEnvelope(await service.platform('GET', '/platform/v1/markets/no-such-market'), 'not_found', 404);
    expectEnvelope(
      await service.platform('PATCH', '/platform/v1/markets/no-such-market', { sandbox_influence: null }),
      'not_found',
      404,
    );
    expectEnvelope(await service.platform('GET', '/platform/v1/markets/%E2%9C%93'), 'not_found', 404);
  });

  it('has no bound to set on a sandbox test market', async () => {
    const test = await service.api('sandbox', 'POST', '/v1/sandbox/markets', {
      key: attacker.sandboxKey,
      idempotencyKey: uniqueKey('test-market'),
      body: { title: 'Test only', outcomes: ['Yes', 'No'] },
    });
    expect(test.status, test.text).toBe(201);
    const res = await service.platform('PATCH', `/platform/v1/markets/${test.json.slug}`, {
      sandbox_influence: '0.01',
    });
    expectEnvelope(res, 'validation_failed', 400);
  });

  it('keeps the reason a market was suspended in the audit log', async () => {
    const market = await sharedMarket();
    const suspended = await service.platform('POST', `/platform/v1/markets/${market.slug}/suspend`, {
      reason: 'Result source unreachable',
    });
    expect(suspended.status, suspended.text).toBe(200);
    const reopened = await service.platform('POST', `/platform/v1/markets/${market.slug}/reopen`);
    expect(reopened.status, reopened.text).toBe(200);
    const entries = await service.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('target', '=', market.slug)
      .where('action', 'in', ['market.suspend', 'market.reopen'])
      .orderBy('seq')
      .execute();
    expect(entries.map((e) => [e.action, (e.details as { reason: string | null }).reason])).toEqual([
      ['market.suspend', 'Result source unreachable'],
      ['market.reopen', null],
    ]);
    expectEnvelope(
      await service.platform('POST', `/platform/v1/markets/${market.slug}/suspend`, { reason: '' }),
      'validation_failed',
      400,
    );
  });
});
