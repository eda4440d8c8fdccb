import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { FakeClock } from '../src/lib/clock.js';
import {
  createMarket as createMarketFor,
  fundedUser as fundedUserFor,
  type TestMarket as Market,
} from './trading-helpers.js';
import {
  createTenant,
  expectEnvelope,
  expectLedgerInvariant,
  startTestService,
  uniqueKey,
  type TestService,
  type TestTenant,
} from './helpers.js';

const clock = new FakeClock('2026-06-01T12:00:00.000Z');
let service: TestService;
let tenant: TestTenant;

const createMarket = (overrides: Record<string, unknown> = {}, forTenant = tenant) =>
  createMarketFor(service, forTenant, overrides);
const fundedUser = (name: string, amount = '1000.00', key = tenant.sandboxKey) =>
  fundedUserFor(service, key, name, amount);

function open(body: Record<string, unknown>, options: { key?: string; idempotencyKey?: string } = {}) {
  return service.api('sandbox', 'POST', '/v1/positions', {
    key: options.key ?? tenant.sandboxKey,
    body,
    idempotencyKey: options.idempotencyKey ?? uniqueKey('open'),
  });
}

function close(id: string, minPrice = '0', options: { key?: string; idempotencyKey?: string } = {}) {
  return service.api('sandbox', 'POST', `/v1/positions/${id}/close`, {
    key: options.key ?? tenant.sandboxKey,
    body: { min_price: minPrice },
    idempotencyKey: options.idempotencyKey ?? uniqueKey('close'),
  });
}

const balanceOf = async (user: string) =>
  (await service.api('sandbox', 'GET', `/v1/users/${user}`, { key: tenant.sandboxKey })).json.balance as string;
const cents = (amount: string) => Math.round(Number(amount) * 100);

beforeAll(async () => {
  service = await startTestService({ clock });
  tenant = await createTenant(service);
});
afterAll(() => service.stop());

describe('POST /v1/positions with the API key', () => {
  it('opens a position: debits the stake, prices it by the pricing rules, and replays it for its key', async () => {
    const market = await createMarket();
    const user = await fundedUser('open');
    const key = uniqueKey('open');
    const body = {
      external_user_id: user,
      market_slug: market.slug,
      outcome_id: market.outcomes[0]!.id,
      stake: '10.00',
      max_price: '0.99',
    };
    const res = await open(body, { idempotencyKey: key });
    expect(res.status, res.text).toBe(201);
    const p = res.json;
    expect(p).toMatchObject({
      external_user_id: user,
      market_slug: market.slug,
      outcome_id: market.outcomes[0]!.id,
      state: 'open',
      stake: '10.00',
      payout: null,
      close_price: null,
      settlement_transaction_id: null,
      closed_at: null,
      settled_at: null,
    });
    expect(p.shares).toMatch(/^\d+\.\d{8}$/);
    expect(p.price).toMatch(/^0\.\d{6}$/);
    // price at open = stake / shares rounded up to 6 decimals
    const exact = 10 / Number(p.shares);
    expect(Number(p.price)).toBeGreaterThanOrEqual(exact - 1e-12);
    expect(Number(p.price) - exact).toBeLessThan(1e-6);
    expect(Number(p.price)).toBeGreaterThan(0.5);
    expect(await balanceOf(user)).toBe('990.00');
    const again = await open(body, { idempotencyKey: key });
    expect(again.status).toBe(201);
    expect(again.text).toBe(res.text);
    expectEnvelope(await open({ ...body, stake: '11.00' }, { idempotencyKey: key }), 'idempotency_key_reused', 422);
    const txs = await service.api(
      'sandbox',
      'GET',
      `/v1/transactions?external_user_id=${user}&entry_type=position_open_debit`,
      { key: tenant.sandboxKey },
    );
    expect(txs.json.data).toEqual([
      expect.objectContaining({ id: p.open_transaction_id, amount: '-10.00', position_id: p.id }),
    ]);
    expect((await service.api('sandbox', 'GET', `/v1/positions/${p.id}`, { key: tenant.sandboxKey })).json).toEqual(p);
    const snapshot = await service.api('sandbox', 'GET', `/v1/markets/${market.slug}/snapshot`, {
      key: tenant.sandboxKey,
    });
    expect(Number(snapshot.json.outcomes[0].price)).toBeGreaterThan(0.5);
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });

  it('refuses with 409 price_moved above max_price, records the attempt and leaves the key unspent', async () => {
    const market = await createMarket();
    const user = await fundedUser('moved');
    const key = uniqueKey('open');
    const body = {
      external_user_id: user,
      market_slug: market.slug,
      outcome_id: market.outcomes[0]!.id,
      stake: '10.00',
      max_price: '0.5',
    };
    expectEnvelope(await open(body, { idempotencyKey: key }), 'price_moved', 409);
    expect(await balanceOf(user)).toBe('1000.00');
    const rejections = await service.api('sandbox', 'GET', `/v1/position-rejections?external_user_id=${user}`, {
      key: tenant.sandboxKey,
    });
    expect(rejections.json.data).toEqual([
      {
        id: expect.any(String),
        external_user_id: user,
        action: 'open',
        position_id: null,
        error: 'price_moved',
        request: expect.objectContaining({ stake: '10.00', max_price: '0.5' }),
        created_at: clock.now().toISOString(),
      },
    ]);
    expect((await open({ ...body, max_price: '1' }, { idempotencyKey: key })).status).toBe(201);
  });

  it.each([
    ['an unknown market', (_m: Market) => ({ market_slug: 'no-such-market' })],
    ['an unknown outcome', (_m: Market) => ({ outcome_id: '00000000-0000-4000-8000-000000000000' })],
    ['a stake as a number', (_m: Market) => ({ stake: 5 })],
    ['a zero stake', (_m: Market) => ({ stake: '0' })],
    ['max_price above 1', (_m: Market) => ({ max_price: '1.1' })],
    ['max_price with 7 decimals', (_m: Market) => ({ max_price: '0.1234567' })],
  ])('refuses %s with 400 validation_failed', async (_name, change) => {
    const market = await createMarket();
    const user = await fundedUser('invalid');
    const res = await open({
      external_user_id: user,
      market_slug: market.slug,
      outcome_id: market.outcomes[0]!.id,
      stake: '5.00',
      max_price: '1',
      ...change(market),
    });
    expectEnvelope(res, 'validation_failed', 400);
    // Found by a rule or by the schema, the field is named in details.issues alike.
    const field = Object.keys(change(market))[0];
    expect(res.json.details.issues).toEqual([expect.objectContaining({ location: 'body', path: `/${field}` })]);
    expect(await balanceOf(user)).toBe('1000.00');
  });

  it('refuses a market of another tenant and an outcome of another market with 400', async () => {
    const other = await createTenant(service);
    const theirs = await createMarket({}, other);
    const mine = await createMarket();
    const user = await fundedUser('foreign');
    expectEnvelope(
      await open({
        external_user_id: user,
        market_slug: theirs.slug,
        outcome_id: theirs.outcomes[0]!.id,
        stake: '5',
        max_price: '1',
      }),
      'validation_failed',
      400,
    );
    expectEnvelope(
      await open({
        external_user_id: user,
        market_slug: mine.slug,
        outcome_id: theirs.outcomes[0]!.id,
        stake: '5',
        max_price: '1',
      }),
      'validation_failed',
      400,
    );
  });

  it('refuses outside the trading window with 400 and on a suspended market with 409 market_suspended', async () => {
    const early = await createMarket({ opens_at: '2026-06-02T00:00:00Z' });
    const late = await createMarket({ opens_at: '2026-05-01T00:00:00Z', closes_at: '2026-06-01T12:00:00Z' });
    const suspended = await createMarket();
    const user = await fundedUser('window');
    const body = (m: Market) => ({
      external_user_id: user,
      market_slug: m.slug,
      outcome_id: m.outcomes[0]!.id,
      stake: '5',
      max_price: '1',
    });
    for (const refused of [await open(body(early)), await open(body(late))]) {
      expectEnvelope(refused, 'validation_failed', 400);
      expect(refused.json.details.issues).toEqual([
        { location: 'body', path: '/market_slug', message: refused.json.message },
      ]);
    }
    expect((await service.platform('POST', `/platform/v1/markets/${suspended.slug}/suspend`)).status).toBe(200);
    expectEnvelope(await open(body(suspended)), 'market_suspended', 409);
    expect((await service.platform('POST', `/platform/v1/markets/${suspended.slug}/reopen`)).status).toBe(200);
    expect((await open(body(suspended))).status).toBe(201);
  });

  it('caps the stake per position and per user with details.remaining, and frees the allowance at close', async () => {
    const market = await createMarket();
    const user = await fundedUser('caps');
    const body = (stake: string) => ({
      external_user_id: user,
      market_slug: market.slug,
      outcome_id: market.outcomes[1]!.id,
      stake,
      max_price: '1',
    });
    const tooBig = await open(body('50.01'));
    expectEnvelope(tooBig, 'stake_limit_exceeded', 409);
    expect(tooBig.json.details).toEqual({ remaining: '50.00' });
    const first = await open(body('50.00'));
    expect(first.status).toBe(201);
    const over = await open(body('30.01'));
    expectEnvelope(over, 'stake_limit_exceeded', 409);
    expect(over.json.details).toEqual({ remaining: '30.00' });
    expect((await open(body('30.00'))).status).toBe(201);
    expect((await open(body('0.01'))).json.details).toEqual({ remaining: '0.00' });
    expect((await close(first.json.id)).status).toBe(200);
    expect((await open(body('50.00'))).status).toBe(201);
  });

  it('refuses a blocked user with 403, an unknown user with 404 and a short balance with 409 would_overdraw', async () => {
    const market = await createMarket();
    const blocked = await fundedUser('blocked');
    await service.api('sandbox', 'PUT', `/v1/users/${blocked}`, {
      key: tenant.sandboxKey,
      body: { status: 'blocked' },
    });
    const poor = await fundedUser('poor', '4.99');
    const body = (user: string) => ({
      external_user_id: user,
      market_slug: market.slug,
      outcome_id: market.outcomes[0]!.id,
      stake: '5.00',
      max_price: '1',
    });
    expectEnvelope(await open(body(blocked)), 'user_blocked', 403);
    expectEnvelope(await open(body('nobody-here')), 'unknown_user', 404);
    expectEnvelope(await open(body(poor)), 'would_overdraw', 409);
    expect(await balanceOf(poor)).toBe('4.99');
    expectEnvelope(
      await open({ market_slug: market.slug, outcome_id: market.outcomes[0]!.id, stake: '5.00', max_price: '1' }),
      'validation_failed',
      400,
    );
  });

  it('applies a key once when many opens carry it at the same time', async () => {
    const market = await createMarket();
    const user = await fundedUser('dup');
    const key = uniqueKey('open');
    const body = {
      external_user_id: user,
      market_slug: market.slug,
      outcome_id: market.outcomes[0]!.id,
      stake: '1.00',
      max_price: '1',
    };
    const answers = await Promise.all(Array.from({ length: 10 }, () => open(body, { idempotencyKey: key })));
    const created = answers.filter((a) => a.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((a) => a.text)).size).toBe(1);
    for (const a of answers.filter((a) => a.status !== 201)) {
      expectEnvelope(a, 'idempotency_key_in_progress', 409);
      expect(a.headers.get('retry-after')).toBe('1');
    }
    expect(await balanceOf(user)).toBe('999.00');
  });

  it('gives 25 concurrent opens on one market from different users 25 distinct prices, losing no update', async () => {
    const market = await createMarket({ max_stake_per_position: '1000.00', max_open_stake_per_user: '1000.00' });
    const users = await Promise.all(Array.from({ length: 25 }, (_, n) => fundedUser(`crowd${n}`)));
    const answers = await Promise.all(
      users.map((user) =>
        open({
          external_user_id: user,
          market_slug: market.slug,
          outcome_id: market.outcomes[0]!.id,
          stake: '20.00',
          max_price: '1',
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(25).fill(201));
    const prices = answers.map((a) => a.json.price);
    expect(new Set(prices).size).toBe(25);
    // The market's state is the sum of every trade: q of the outcome = the shares handed out.
    const shares = answers.reduce((sum, a) => sum + Number(a.json.shares), 0);
    const row = await sql<{ q: number[] }>`select q from markets where slug = ${market.slug}`.execute(service.db);
    expect(row.rows[0]!.q[0]).toBeCloseTo(shares, 6);
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });
});

describe('closing', () => {
  it('refuses to close or quote shares worth less than a cent, saying why in details.reason, and keeps the position', async () => {
    const market = await createMarket();
    const user = await fundedUser('crumb', '1.00');
    const opened = (
      await open({
        external_user_id: user,
        market_slug: market.slug,
        outcome_id: market.outcomes[0]!.id,
        stake: '0.01',
        max_price: '1',
      })
    ).json;
    const quote = await service.api('sandbox', 'POST', `/v1/positions/${opened.id}/close-quote`, {
      key: tenant.sandboxKey,
    });
    expectEnvelope(quote, 'validation_failed', 400);
    expect(quote.json.details).toEqual({ reason: 'proceeds_too_small' });
    expect(quote.json.message).toContain('worth less than 0.01');
    const refused = await close(opened.id);
    expectEnvelope(refused, 'validation_failed', 400);
    expect(refused.json.details).toEqual({ reason: 'proceeds_too_small' });
    expect(await balanceOf(user)).toBe('0.99');
    const kept = await service.api('sandbox', 'GET', `/v1/positions/${opened.id}`, { key: tenant.sandboxKey });
    expect(kept.json.state).toBe('open');
  });

  it('quotes, closes with proceeds rounded down, credits the ledger, and is terminal afterwards', async () => {
    const market = await createMarket();
    const user = await fundedUser('closer');
    const opened = (
      await open({
        external_user_id: user,
        market_slug: market.slug,
        outcome_id: market.outcomes[0]!.id,
        stake: '20.00',
        max_price: '1',
      })
    ).json;
    const quote = await service.api('sandbox', 'POST', `/v1/positions/${opened.id}/close-quote`, {
      key: tenant.sandboxKey,
    });
    expect(quote.status, quote.text).toBe(200);
    expect(quote.json).toEqual({
      position_id: opened.id,
      proceeds: expect.stringMatching(/^\d+\.\d\d$/),
      close_price: expect.stringMatching(/^0\.\d{6}$/),
      quoted_at: clock.now().toISOString(),
    });
    expect(cents(quote.json.proceeds)).toBeLessThanOrEqual(2000);
    expectEnvelope(await close(opened.id, '0.999999'), 'price_moved', 409);
    const key = uniqueKey('close');
    const closed = await close(opened.id, '0.01', { idempotencyKey: key });
    expect(closed.status, closed.text).toBe(200);
    expect(closed.json).toMatchObject({
      id: opened.id,
      state: 'closed',
      payout: quote.json.proceeds,
      close_price: quote.json.close_price,
      closed_at: clock.now().toISOString(),
      price: opened.price,
    });
    expect(closed.json.settlement_transaction_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(cents(await balanceOf(user))).toBe(100000 - 2000 + cents(quote.json.proceeds));
    const credit = await service.api(
      'sandbox',
      'GET',
      `/v1/transactions?external_user_id=${user}&entry_type=position_close_credit`,
      { key: tenant.sandboxKey },
    );
    expect(credit.json.data).toEqual([
      expect.objectContaining({
        id: closed.json.settlement_transaction_id,
        amount: quote.json.proceeds,
        position_id: opened.id,
      }),
    ]);
    expect((await close(opened.id, '0.01', { idempotencyKey: key })).text).toBe(closed.text);
    expectEnvelope(await close(opened.id), 'position_terminal', 409);
    expectEnvelope(
      await service.api('sandbox', 'POST', `/v1/positions/${opened.id}/close-quote`, { key: tenant.sandboxKey }),
      'position_terminal',
      409,
    );
    const rejections = await service.api('sandbox', 'GET', `/v1/position-rejections?external_user_id=${user}`, {
      key: tenant.sandboxKey,
    });
    expect(rejections.json.data.map((r: any) => [r.action, r.error])).toEqual([
      ['close', 'price_moved'],
      ['close', 'position_terminal'],
    ]);
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });

  it('refuses a close on a suspended market and for a blocked user', async () => {
    const market = await createMarket();
    const user = await fundedUser('closeblock');
    const opened = (
      await open({
        external_user_id: user,
        market_slug: market.slug,
        outcome_id: market.outcomes[0]!.id,
        stake: '5.00',
        max_price: '1',
      })
    ).json;
    await service.platform('POST', `/platform/v1/markets/${market.slug}/suspend`);
    expectEnvelope(await close(opened.id), 'market_suspended', 409);
    expectEnvelope(
      await service.api('sandbox', 'POST', `/v1/positions/${opened.id}/close-quote`, { key: tenant.sandboxKey }),
      'market_suspended',
      409,
    );
    await service.platform('POST', `/platform/v1/markets/${market.slug}/reopen`);
    await service.api('sandbox', 'PUT', `/v1/users/${user}`, { key: tenant.sandboxKey, body: { status: 'blocked' } });
    expectEnvelope(await close(opened.id), 'user_blocked', 403);
    await service.api('sandbox', 'PUT', `/v1/users/${user}`, { key: tenant.sandboxKey, body: { status: 'active' } });
    expect((await close(opened.id)).status).toBe(200);
  });

  it('answers 404 for a position of another tenant or environment, or no position at all', async () => {
    const market = await createMarket();
    const user = await fundedUser('hidden');
    const opened = (
      await open({
        external_user_id: user,
        market_slug: market.slug,
        outcome_id: market.outcomes[0]!.id,
        stake: '5.00',
        max_price: '1',
      })
    ).json;
    const other = await createTenant(service);
    expectEnvelope(
      await service.api('sandbox', 'GET', `/v1/positions/${opened.id}`, { key: other.sandboxKey }),
      'not_found',
      404,
    );
    expectEnvelope(await close(opened.id, '0', { key: other.sandboxKey }), 'not_found', 404);
    expectEnvelope(
      await service.api('live', 'GET', `/v1/positions/${opened.id}`, { key: tenant.liveKey }),
      'not_found',
      404,
    );
    expectEnvelope(
      await service.api('sandbox', 'GET', '/v1/positions/not-a-uuid', { key: tenant.sandboxKey }),
      'not_found',
      404,
    );
    expect((await service.api('sandbox', 'GET', '/v1/positions', { key: other.sandboxKey })).json.data).toEqual([]);
    expect(
      (await service.api('sandbox', 'GET', `/v1/position-rejections`, { key: other.sandboxKey })).json.data,
    ).toEqual([]);
    expect((await close(opened.id)).status).toBe(200);
  });
});

describe('listing', () => {
  it('filters by user, market and state, and pages', async () => {
    const market = await createMarket();
    const user = await fundedUser('lister');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push(
        (
          await open({
            external_user_id: user,
            market_slug: market.slug,
            outcome_id: market.outcomes[i % 2]!.id,
            stake: '1.00',
            max_price: '1',
          })
        ).json.id,
      );
    }
    await close(ids[1]!);
    const all = await service.api('sandbox', 'GET', `/v1/positions?external_user_id=${user}&limit=2`, {
      key: tenant.sandboxKey,
    });
    expect(all.json.data.map((p: any) => p.id)).toEqual(ids.slice(0, 2));
    const rest = await service.api(
      'sandbox',
      'GET',
      `/v1/positions?external_user_id=${user}&cursor=${all.json.next_cursor}`,
      { key: tenant.sandboxKey },
    );
    expect(rest.json).toEqual({ data: [expect.objectContaining({ id: ids[2] })], next_cursor: null });
    const open_ = await service.api(
      'sandbox',
      'GET',
      `/v1/positions?external_user_id=${user}&state=open&market_slug=${market.slug}`,
      { key: tenant.sandboxKey },
    );
    expect(open_.json.data.map((p: any) => p.id)).toEqual([ids[0], ids[2]]);
    expectEnvelope(
      await service.api('sandbox', 'GET', '/v1/positions?state=pending', { key: tenant.sandboxKey }),
      'validation_failed',
      400,
    );
  });
});

describe('with a widget session token', () => {
  async function sessionFor(user: string): Promise<string> {
    const res = await service.api('sandbox', 'POST', '/v1/widget/sessions', {
      key: tenant.sandboxKey,
      body: { external_user_id: user },
    });
    expect(res.status, res.text).toBe(201);
    return res.json.token;
  }

  it('opens and closes for its own user only, and records position.opened and position.closed', async () => {
    const market = await createMarket();
    const user = await fundedUser('widget');
    const stranger = await fundedUser('stranger');
    const token = await sessionFor(user);
    const body = { market_slug: market.slug, outcome_id: market.outcomes[0]!.id, stake: '3.00', max_price: '1' };
    const opened = await open(body, { key: token });
    expect(opened.status, opened.text).toBe(201);
    expect(opened.json.external_user_id).toBe(user);
    expectEnvelope(await open({ ...body, external_user_id: stranger }, { key: token }), 'validation_failed', 400);
    const theirs = (await open({ ...body, external_user_id: stranger })).json;
    expectEnvelope(await service.api('sandbox', 'GET', `/v1/positions/${theirs.id}`, { key: token }), 'not_found', 404);
    expectEnvelope(await close(theirs.id, '0', { key: token }), 'not_found', 404);
    const mine = await service.api('sandbox', 'GET', '/v1/positions', { key: token });
    expect(mine.json.data.map((p: any) => p.id)).toEqual([opened.json.id]);
    expectEnvelope(
      await service.api('sandbox', 'GET', '/v1/position-rejections', { key: token }),
      'invalid_api_key',
      401,
    );
    const closed = await close(opened.json.id, '0', { key: token });
    expect(closed.status).toBe(200);
    const events = await sql<{ type: string; data: any }>`
      select type, data from events where tenant_id = ${tenant.tenantId} and data->>'position_id' in (${opened.json.id}, ${theirs.id}) order by seq`.execute(
      service.db,
    );
    expect(events.rows).toEqual([
      {
        type: 'position.opened',
        data: {
          position_id: opened.json.id,
          external_user_id: user,
          market_slug: market.slug,
          outcome_id: market.outcomes[0]!.id,
          stake: '3.00',
          price: opened.json.price,
          open_transaction_id: opened.json.open_transaction_id,
        },
      },
      {
        type: 'position.closed',
        data: {
          position_id: opened.json.id,
          external_user_id: user,
          market_slug: market.slug,
          outcome_id: market.outcomes[0]!.id,
          payout: closed.json.payout,
          close_price: closed.json.close_price,
          settlement_transaction_id: closed.json.settlement_transaction_id,
        },
      },
    ]);
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });
});
