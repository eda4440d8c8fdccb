import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { FakeClock } from '../src/lib/clock.js';
import { expireOrders } from '../src/domains/orders/expire-orders.js';
import { evaluateOrders } from '../src/domains/orders/index.js';
import {
  createMarket as createMarketFor,
  fundedUser as fundedUserFor,
  type TestMarket as Market,
} from './trading-helpers.js';
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

const clock = new FakeClock('2026-06-01T12:00:00.000Z');
const HOUR = 3_600_000;
let service: TestService;
let tenant: TestTenant;

const createMarket = (overrides: Record<string, unknown> = {}, forTenant = tenant) =>
  createMarketFor(service, forTenant, overrides);
const fundedUser = (name: string, amount = '1000.00', key = tenant.sandboxKey) =>
  fundedUserFor(service, key, name, amount);

const yes = (m: Market) => m.outcomes[0]!.id;
const no = (m: Market) => m.outcomes[1]!.id;

function place(body: Record<string, unknown>, options: { key?: string; idempotencyKey?: string } = {}) {
  return service.api('sandbox', 'POST', '/v1/orders', {
    key: options.key ?? tenant.sandboxKey,
    body,
    idempotencyKey: options.idempotencyKey ?? uniqueKey('order'),
  });
}
const getOrder = (id: string, key = tenant.sandboxKey) => service.api('sandbox', 'GET', `/v1/orders/${id}`, { key });
const cancel = (id: string, key = tenant.sandboxKey) => service.api('sandbox', 'DELETE', `/v1/orders/${id}`, { key });
const statusOf = async (id: string) => (await getOrder(id)).json.status as string;
const balanceOf = async (user: string) =>
  (await service.api('sandbox', 'GET', `/v1/users/${user}`, { key: tenant.sandboxKey })).json.balance as string;

/** A trade by someone else: 50.00 on No, which lowers the price of Yes (to 0.335878 for 10.00 from even). */
async function buyNo(market: Market, stake = '50.00') {
  const trader = await fundedUser('trader');
  const res = await service.api('sandbox', 'POST', '/v1/positions', {
    key: tenant.sandboxKey,
    body: { external_user_id: trader, market_slug: market.slug, outcome_id: no(market), stake, max_price: '1' },
    idempotencyKey: uniqueKey('open'),
  });
  expect(res.status, res.text).toBe(201);
  return res.json;
}

async function orderRow(id: string) {
  const rows = await sql<{
    status: string;
    reject_code: string | null;
  }>`select status, reject_code from orders where id = ${id}`.execute(service.db);
  return rows.rows[0]!;
}

async function eventsOf(tenantId = tenant.tenantId) {
  const rows = await sql<{
    type: string;
    data: any;
  }>`select type, data from events where tenant_id = ${tenantId} order by seq`.execute(service.db);
  return rows.rows;
}

beforeAll(async () => {
  service = await startTestService({ clock });
  tenant = await createTenant(service);
});
afterAll(() => service.stop());

describe('POST /v1/orders', () => {
  it('places an open order without debiting anything, replays it for its key and refuses the key with another body', async () => {
    const market = await createMarket();
    const user = await fundedUser('placer', '100.00');
    const key = uniqueKey('order');
    const body = {
      external_user_id: user,
      market_slug: market.slug,
      outcome_id: yes(market),
      stake: '10.00',
      limit_price: '0.4',
      expires_at: '2026-06-02T12:00:00Z',
    };
    const res = await place(body, { idempotencyKey: key });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: 'open',
      external_user_id: user,
      market_slug: market.slug,
      outcome_id: yes(market),
      stake: '10.00',
      limit_price: '0.400000',
      fill_price: null,
      position_id: null,
      expires_at: '2026-06-02T12:00:00.000Z',
      created_at: clock.now().toISOString(),
      reject_code: null,
    });
    expect(await balanceOf(user)).toBe('100.00');
    const again = await place(body, { idempotencyKey: key });
    expect(again.status).toBe(201);
    expect(again.text).toBe(res.text);
    expectEnvelope(await place({ ...body, stake: '11.00' }, { idempotencyKey: key }), 'idempotency_key_reused', 422);
    expect((await getOrder(res.json.id)).json).toEqual(res.json);
    const list = await service.api('sandbox', 'GET', `/v1/orders?external_user_id=${user}`, { key: tenant.sandboxKey });
    expect(list.json).toEqual({ data: [res.json], next_cursor: null });
    expectEnvelope(
      await service.api('sandbox', 'POST', '/v1/orders', { key: tenant.sandboxKey, body }),
      'idempotency_key_required',
      400,
    );
    // An order without expires_at does not expire.
    const forever = await place({ ...body, expires_at: undefined });
    expect(forever.json).toMatchObject({ status: 'open', expires_at: null });
  });

  it('fills at once when the market already satisfies the limit: debits the stake, opens a position, sends order.filled', async () => {
    const market = await createMarket();
    const user = await fundedUser('instant', '100.00');
    const key = uniqueKey('order');
    const body = {
      external_user_id: user,
      market_slug: market.slug,
      outcome_id: yes(market),
      stake: '10.00',
      limit_price: '0.6',
    };
    const res = await place(body, { idempotencyKey: key });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({
      status: 'filled',
      fill_price: '0.523827',
      position_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect((await place(body, { idempotencyKey: key })).text).toBe(res.text);
    expect(await balanceOf(user)).toBe('90.00');
    const position = await service.api('sandbox', 'GET', `/v1/positions/${res.json.position_id}`, {
      key: tenant.sandboxKey,
    });
    expect(position.json).toMatchObject({
      id: res.json.position_id,
      external_user_id: user,
      outcome_id: yes(market),
      state: 'open',
      stake: '10.00',
      price: '0.523827',
    });
    const row = await sql<{
      opened_via: string;
      order_id: string;
    }>`select opened_via, order_id from positions where id = ${res.json.position_id}`.execute(service.db);
    expect(row.rows[0]).toEqual({ opened_via: 'order', order_id: res.json.id });
    const events = (await eventsOf()).filter(
      (e) => e.data.order_id === res.json.id || e.data.position_id === res.json.position_id,
    );
    expect(events).toEqual([
      {
        type: 'order.filled',
        data: {
          order_id: res.json.id,
          position_id: res.json.position_id,
          external_user_id: user,
          market_slug: market.slug,
          outcome_id: yes(market),
          stake: '10.00',
          limit_price: '0.600000',
          fill_price: '0.523827',
        },
      },
    ]);
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });

  it.each([
    ['a stake as a number', (_m: Market) => ({ stake: 5 })],
    ['a zero stake', (_m: Market) => ({ stake: '0.00' })],
    ['limit_price above 1', (_m: Market) => ({ limit_price: '1.1' })],
    ['limit_price with 7 decimals', (_m: Market) => ({ limit_price: '0.1234567' })],
    ['limit_price 0', (_m: Market) => ({ limit_price: '0' })],
    ['limit_price as a number', (_m: Market) => ({ limit_price: 0.5 })],
    ['an unknown market', (_m: Market) => ({ market_slug: 'no-such-market' })],
    ['an unknown outcome', (_m: Market) => ({ outcome_id: '00000000-0000-4000-8000-000000000000' })],
    ['expires_at in the past', (_m: Market) => ({ expires_at: new Date(clock.now().getTime() - 1000).toISOString() })],
    ['expires_at now', (_m: Market) => ({ expires_at: clock.now().toISOString() })],
    ['expires_at without a Z', (_m: Market) => ({ expires_at: '2026-06-02T12:00:00+01:00' })],
  ])('refuses %s with 400 validation_failed, records nothing and leaves the key unspent', async (_name, change) => {
    const market = await createMarket();
    const user = await fundedUser('invalid');
    const key = uniqueKey('order');
    const body = {
      external_user_id: user,
      market_slug: market.slug,
      outcome_id: yes(market),
      stake: '5.00',
      limit_price: '0.4',
    };
    const refused = await place({ ...body, ...change(market) }, { idempotencyKey: key });
    expectEnvelope(refused, 'validation_failed', 400);
    expect(refused.json.details.issues[0]).toMatchObject({
      location: 'body',
      path: `/${Object.keys(change(market))[0]}`,
    });
    expect(
      (await service.api('sandbox', 'GET', `/v1/orders?external_user_id=${user}`, { key: tenant.sandboxKey })).json
        .data,
    ).toEqual([]);
    expect((await place(body, { idempotencyKey: key })).status).toBe(201);
  });

  it('refuses a suspended market (409), a closed window (400), an unknown user (404) and a blocked user (403)', async () => {
    const market = await createMarket();
    const late = await createMarket({ opens_at: '2026-05-01T00:00:00Z', closes_at: '2026-06-01T12:00:00Z' });
    const user = await fundedUser('refused');
    const body = (m: Market, who = user) => ({
      external_user_id: who,
      market_slug: m.slug,
      outcome_id: yes(m),
      stake: '5.00',
      limit_price: '0.4',
    });
    expectEnvelope(await place(body(late)), 'validation_failed', 400);
    expectEnvelope(await place(body(market, 'nobody-here')), 'unknown_user', 404);
    expectEnvelope(await place({ ...body(market), external_user_id: undefined }), 'validation_failed', 400);
    const key = uniqueKey('order');
    expect((await service.platform('POST', `/platform/v1/markets/${market.slug}/suspend`)).status).toBe(200);
    expectEnvelope(await place(body(market), { idempotencyKey: key }), 'market_suspended', 409);
    expect((await service.platform('POST', `/platform/v1/markets/${market.slug}/reopen`)).status).toBe(200);
    await service.api('sandbox', 'PUT', `/v1/users/${user}`, { key: tenant.sandboxKey, body: { status: 'blocked' } });
    expectEnvelope(await place(body(market), { idempotencyKey: key }), 'user_blocked', 403);
    await service.api('sandbox', 'PUT', `/v1/users/${user}`, { key: tenant.sandboxKey, body: { status: 'active' } });
    expect((await place(body(market), { idempotencyKey: key })).status).toBe(201);
  });
});

describe('evaluation', () => {
  it('fills orders oldest first when a trade on another outcome brings the price to their limit', async () => {
    const market = await createMarket();
    const users = [
      await fundedUser('first', '100.00'),
      await fundedUser('second', '100.00'),
      await fundedUser('third', '100.00'),
    ];
    const orders: any[] = [];
    for (const user of users) {
      const res = await place({
        external_user_id: user,
        market_slug: market.slug,
        outcome_id: yes(market),
        stake: '10.00',
        limit_price: '0.40',
      });
      expect(res.json.status).toBe('open');
      orders.push(res.json);
    }
    // Buying Yes raises its price: an order on Yes does not fill from that.
    const yesBuyer = await fundedUser('yesbuyer');
    await service.api('sandbox', 'POST', '/v1/positions', {
      key: tenant.sandboxKey,
      body: {
        external_user_id: yesBuyer,
        market_slug: market.slug,
        outcome_id: yes(market),
        stake: '1.00',
        max_price: '1',
      },
      idempotencyKey: uniqueKey('open'),
    });
    expect(await statusOf(orders[0].id)).toBe('open');
    // Undo that move and go further: No for 50.00 plus a close of the Yes buy.
    const positions = await service.api('sandbox', 'GET', `/v1/positions?external_user_id=${yesBuyer}`, {
      key: tenant.sandboxKey,
    });
    const closed = await service.api('sandbox', 'POST', `/v1/positions/${positions.json.data[0].id}/close`, {
      key: tenant.sandboxKey,
      body: { min_price: '0' },
      idempotencyKey: uniqueKey('close'),
    });
    expect(closed.status).toBe(200);
    expect(await statusOf(orders[0].id)).toBe('open');
    await buyNo(market);

    const after = await Promise.all(orders.map(async (o) => (await getOrder(o.id)).json));
    expect(after.map((o) => o.status)).toEqual(['filled', 'filled', 'open']);
    expect(Number(after[0].fill_price)).toBeLessThan(Number(after[1].fill_price));
    expect(Number(after[1].fill_price)).toBeLessThanOrEqual(0.4);
    for (const [i, o] of after.slice(0, 2).entries()) {
      expect(await balanceOf(users[i]!)).toBe('90.00');
      const position = (
        await service.api('sandbox', 'GET', `/v1/positions/${o.position_id}`, { key: tenant.sandboxKey })
      ).json;
      expect(position).toMatchObject({
        external_user_id: users[i],
        outcome_id: yes(market),
        stake: '10.00',
        price: o.fill_price,
        state: 'open',
      });
      const debit = await service.api(
        'sandbox',
        'GET',
        `/v1/transactions?external_user_id=${users[i]}&entry_type=position_open_debit`,
        { key: tenant.sandboxKey },
      );
      expect(debit.json.data).toEqual([expect.objectContaining({ amount: '-10.00', position_id: o.position_id })]);
    }
    expect(await balanceOf(users[2]!)).toBe('100.00');
    const events = (await eventsOf()).filter(
      (e) =>
        orders.some((o) => o.id === e.data.order_id) ||
        after.some((o) => o.position_id && o.position_id === e.data.position_id),
    );
    expect(events.map((e) => [e.type, e.data.order_id, e.data.fill_price])).toEqual([
      ['order.filled', orders[0].id, after[0].fill_price],
      ['order.filled', orders[1].id, after[1].fill_price],
    ]);
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });

  it('fills an order when a close (selling the outcome back) brings the price to its limit', async () => {
    const market = await createMarket();
    const holder = await fundedUser('holder');
    const held = await service.api('sandbox', 'POST', '/v1/positions', {
      key: tenant.sandboxKey,
      body: {
        external_user_id: holder,
        market_slug: market.slug,
        outcome_id: yes(market),
        stake: '20.00',
        max_price: '1',
      },
      idempotencyKey: uniqueKey('open'),
    });
    expect(held.status).toBe(201);
    await buyNo(market, '10.00');
    const user = await fundedUser('closefill', '100.00');
    const order = (
      await place({
        external_user_id: user,
        market_slug: market.slug,
        outcome_id: yes(market),
        stake: '10.00',
        limit_price: '0.50',
      })
    ).json;
    expect(order.status).toBe('open');
    const closed = await service.api('sandbox', 'POST', `/v1/positions/${held.json.id}/close`, {
      key: tenant.sandboxKey,
      body: { min_price: '0' },
      idempotencyKey: uniqueKey('close'),
    });
    expect(closed.status).toBe(200);
    const filled = (await getOrder(order.id)).json;
    expect(filled.status).toBe('filled');
    expect(Number(filled.fill_price)).toBeLessThanOrEqual(0.5);
    expect(
      (await service.api('sandbox', 'GET', `/v1/positions/${filled.position_id}`, { key: tenant.sandboxKey })).json
        .price,
    ).toBe(filled.fill_price);
  });

  it('rejects an order whose fill the open rules refuse (balance, blocked user, stake caps), with no event and nothing debited', async () => {
    const market = await createMarket();
    const poor = await fundedUser('poor', '5.00');
    const blocked = await fundedUser('blocked', '100.00');
    const capped = await fundedUser('capped', '1000.00');
    const body = (user: string, stake = '10.00') => ({
      external_user_id: user,
      market_slug: market.slug,
      outcome_id: yes(market),
      stake,
      limit_price: '0.45',
    });
    const orders = {
      poor: (await place(body(poor))).json,
      blocked: (await place(body(blocked))).json,
      capped: (await place(body(capped, '40.00'))).json,
    };
    for (const o of Object.values(orders)) expect(o.status).toBe('open');
    await service.api('sandbox', 'PUT', `/v1/users/${blocked}`, {
      key: tenant.sandboxKey,
      body: { status: 'blocked' },
    });
    // capped's own 50.00 on No is the trade that brings Yes to the limit; 50 + 40 is above the 80 per user.
    const open = await service.api('sandbox', 'POST', '/v1/positions', {
      key: tenant.sandboxKey,
      body: {
        external_user_id: capped,
        market_slug: market.slug,
        outcome_id: no(market),
        stake: '50.00',
        max_price: '1',
      },
      idempotencyKey: uniqueKey('open'),
    });
    expect(open.status).toBe(201);
    expect(await orderRow(orders.poor.id)).toEqual({ status: 'rejected', reject_code: 'would_overdraw' });
    expect(await orderRow(orders.blocked.id)).toEqual({ status: 'rejected', reject_code: 'user_blocked' });
    expect(await orderRow(orders.capped.id)).toEqual({ status: 'rejected', reject_code: 'stake_limit_exceeded' });
    expect((await getOrder(orders.poor.id)).json).toMatchObject({
      status: 'rejected',
      fill_price: null,
      position_id: null,
      reject_code: 'would_overdraw',
    });
    expect((await getOrder(orders.blocked.id)).json.reject_code).toBe('user_blocked');
    expect(await balanceOf(poor)).toBe('5.00');
    expect(await balanceOf(blocked)).toBe('100.00');
    expect(await balanceOf(capped)).toBe('950.00');
    const ids = Object.values(orders).map((o) => o.id);
    expect((await eventsOf()).filter((e) => ids.includes(e.data.order_id))).toEqual([]);
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });

  it('leaves an order open while its user cannot fill it yet, as long as the price is not at the limit', async () => {
    const market = await createMarket();
    const user = await fundedUser('later', '0.01');
    const order = (
      await place({
        external_user_id: user,
        market_slug: market.slug,
        outcome_id: yes(market),
        stake: '10.00',
        limit_price: '0.40',
      })
    ).json;
    expect(order.status).toBe('open');
    expect(
      (await sync(service, tenant.sandboxKey, { external_user_id: user, direction: 'credit', amount: '20.00' })).status,
    ).toBe(200);
    await buyNo(market);
    expect((await getOrder(order.id)).json).toMatchObject({ status: 'filled', fill_price: '0.335878' });
    expect(await balanceOf(user)).toBe('10.01');
  });

  it('expires an order past expires_at at evaluation, without filling it', async () => {
    const market = await createMarket();
    const user = await fundedUser('late', '100.00');
    const order = (
      await place({
        external_user_id: user,
        market_slug: market.slug,
        outcome_id: yes(market),
        stake: '10.00',
        limit_price: '0.40',
        expires_at: new Date(clock.now().getTime() + HOUR).toISOString(),
      })
    ).json;
    clock.advance(HOUR);
    await buyNo(market);
    expect(await statusOf(order.id)).toBe('expired');
    expect(await balanceOf(user)).toBe('100.00');
    expect((await eventsOf()).filter((e) => e.data.order_id === order.id)).toEqual([]);
  });

  it('evaluates the orders of a market when it reopens', async () => {
    const market = await createMarket();
    const user = await fundedUser('reopen', '100.00');
    const body = {
      external_user_id: user,
      market_slug: market.slug,
      outcome_id: yes(market),
      stake: '10.00',
      limit_price: '0.40',
    };
    const fills = (await place(body)).json;
    const expires = (await place({ ...body, expires_at: new Date(clock.now().getTime() + HOUR).toISOString() })).json;
    expect((await service.platform('POST', `/platform/v1/markets/${market.slug}/suspend`)).status).toBe(200);
    // A trade that committed just before the suspension, whose evaluation then found the market
    // suspended, leaves the price at the limit with the order still open: set that state directly.
    await sql`update markets set q = array[0, 83.17965657]::double precision[] where slug = ${market.slug}`.execute(
      service.db,
    );
    clock.advance(HOUR);
    expect(await statusOf(fills.id)).toBe('open');
    expect((await service.platform('POST', `/platform/v1/markets/${market.slug}/reopen`)).status).toBe(200);
    expect((await getOrder(fills.id)).json).toMatchObject({ status: 'filled', fill_price: '0.335878' });
    expect(await statusOf(expires.id)).toBe('expired');
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });
});

describe('under concurrency', () => {
  it('fills each order at most once while trades and placements race on one market, and leaves nothing fillable behind', async () => {
    const market = await createMarket({ max_stake_per_position: '1000.00', max_open_stake_per_user: '1000.00' });
    const users = await Promise.all(Array.from({ length: 12 }, (_, n) => fundedUser(`racer${n}`, '100.00')));
    const traders = await Promise.all(Array.from({ length: 6 }, (_, n) => fundedUser(`pusher${n}`)));
    const answers = await Promise.all([
      ...users.map((user, n) =>
        place({
          external_user_id: user,
          market_slug: market.slug,
          outcome_id: n % 3 === 0 ? no(market) : yes(market),
          stake: '5.00',
          limit_price: n % 2 === 0 ? '0.45' : '0.40',
        }),
      ),
      ...traders.map((trader, n) =>
        service.api('sandbox', 'POST', '/v1/positions', {
          key: tenant.sandboxKey,
          body: {
            external_user_id: trader,
            market_slug: market.slug,
            outcome_id: n % 3 === 0 ? yes(market) : no(market),
            stake: '15.00',
            max_price: '1',
          },
          idempotencyKey: uniqueKey('open'),
        }),
      ),
    ]);
    expect(answers.map((a) => a.status)).toEqual(Array(answers.length).fill(201));
    const orders = await Promise.all(answers.slice(0, users.length).map(async (a) => (await getOrder(a.json.id)).json));
    const filled = orders.filter((o) => o.status === 'filled');
    expect(filled.length).toBeGreaterThan(0);
    for (const o of orders) expect(['filled', 'open']).toContain(o.status);
    for (const o of filled) expect(Number(o.fill_price)).toBeLessThanOrEqual(Number(o.limit_price));
    const positions = await sql<{ order_id: string; n: bigint }>`
      select order_id, count(*)::bigint as n from positions where order_id = any(${orders.map((o) => o.id)}::uuid[]) group by order_id`.execute(
      service.db,
    );
    expect(positions.rows.map((r) => r.order_id).sort()).toEqual(filled.map((o) => o.id).sort());
    expect(positions.rows.every((r) => r.n === 1n)).toBe(true);
    const events = (await eventsOf()).filter(
      (e) => e.type === 'order.filled' && orders.some((o) => o.id === e.data.order_id),
    );
    expect(events.length).toBe(filled.length);
    // Every evaluation ran after its trade's commit: one more finds nothing left to fill.
    const ids = await sql<{ id: string }>`select id from markets where slug = ${market.slug}`.execute(service.db);
    expect(await evaluateOrders(service.system(), { id: ids.rows[0]!.id, slug: market.slug })).toBe(0);
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });
});

describe('the expiry job', () => {
  it('expires open orders past expires_at in bounded passes, and leaves the others', async () => {
    const market = await createMarket();
    const user = await fundedUser('job', '100.00');
    const body = {
      external_user_id: user,
      market_slug: market.slug,
      outcome_id: yes(market),
      stake: '10.00',
      limit_price: '0.1',
    };
    const soon = (await place({ ...body, expires_at: new Date(clock.now().getTime() + HOUR).toISOString() })).json;
    const later = (await place({ ...body, expires_at: new Date(clock.now().getTime() + 3 * HOUR).toISOString() })).json;
    const never = (await place(body)).json;
    await expireOrders(service.system());
    expect(await statusOf(soon.id)).toBe('open');
    clock.advance(HOUR);
    expect(await expireOrders(service.system())).toBeGreaterThanOrEqual(1);
    expect([await statusOf(soon.id), await statusOf(later.id), await statusOf(never.id)]).toEqual([
      'expired',
      'open',
      'open',
    ]);
    expectEnvelope(await cancel(soon.id), 'state_conflict', 409);
  });

  it('rejects open orders on a market that can no longer trade', async () => {
    const market = await createMarket({ closes_at: new Date(clock.now().getTime() + HOUR).toISOString() });
    const user = await fundedUser('closing', '100.00');
    const order = (
      await place({
        external_user_id: user,
        market_slug: market.slug,
        outcome_id: yes(market),
        stake: '10.00',
        limit_price: '0.1',
      })
    ).json;
    clock.advance(HOUR);
    await expireOrders(service.system());
    expect(await orderRow(order.id)).toEqual({ status: 'rejected', reject_code: 'validation_failed' });
  });
});

describe('DELETE /v1/orders/{id}', () => {
  it('cancels an open order, answers a cancelled one again, and refuses filled, expired and rejected ones with 409', async () => {
    const market = await createMarket();
    const user = await fundedUser('cancel', '100.00');
    const body = {
      external_user_id: user,
      market_slug: market.slug,
      outcome_id: yes(market),
      stake: '10.00',
      limit_price: '0.40',
    };
    const order = (await place(body)).json;
    const cancelled = await cancel(order.id);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.json).toEqual({ ...order, status: 'cancelled' });
    const again = await cancel(order.id);
    expect(again.status).toBe(200);
    expect(again.json).toEqual(cancelled.json);

    const filled = (await place({ ...body, limit_price: '0.6' })).json;
    expect(filled.status).toBe('filled');
    expectEnvelope(await cancel(filled.id), 'state_conflict', 409);

    const expired = (await place({ ...body, expires_at: new Date(clock.now().getTime() + HOUR).toISOString() })).json;
    clock.advance(HOUR);
    // Past expires_at and not yet reached by the job: the cancel expires it.
    expectEnvelope(await cancel(expired.id), 'state_conflict', 409);
    expect(await statusOf(expired.id)).toBe('expired');

    const poor = await fundedUser('cancelpoor', '1.00');
    const rejected = (await place({ ...body, external_user_id: poor, limit_price: '0.6' })).json;
    expect(rejected.status).toBe('rejected');
    expectEnvelope(await cancel(rejected.id), 'state_conflict', 409);

    // A cancelled order never fills.
    const waiting = (await place(body)).json;
    expect((await cancel(waiting.id)).status).toBe(200);
    await buyNo(market);
    expect(await statusOf(waiting.id)).toBe('cancelled');
    expect(await statusOf(order.id)).toBe('cancelled');
    expectEnvelope(await cancel('00000000-0000-4000-8000-000000000000'), 'not_found', 404);
    expectEnvelope(await cancel('not-a-uuid'), 'not_found', 404);
  });
});

describe('reads', () => {
  it('filters by user and status and pages, oldest first', async () => {
    const market = await createMarket();
    const user = await fundedUser('lister', '100.00');
    const body = {
      external_user_id: user,
      market_slug: market.slug,
      outcome_id: yes(market),
      stake: '1.00',
      limit_price: '0.1',
    };
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await place(body)).json.id);
    await cancel(ids[1]!);
    const first = await service.api('sandbox', 'GET', `/v1/orders?external_user_id=${user}&limit=2`, {
      key: tenant.sandboxKey,
    });
    expect(first.json.data.map((o: any) => o.id)).toEqual(ids.slice(0, 2));
    const rest = await service.api(
      'sandbox',
      'GET',
      `/v1/orders?external_user_id=${user}&cursor=${first.json.next_cursor}`,
      { key: tenant.sandboxKey },
    );
    expect(rest.json).toEqual({ data: [expect.objectContaining({ id: ids[2] })], next_cursor: null });
    const open = await service.api('sandbox', 'GET', `/v1/orders?external_user_id=${user}&status=open`, {
      key: tenant.sandboxKey,
    });
    expect(open.json.data.map((o: any) => o.id)).toEqual([ids[0], ids[2]]);
    expectEnvelope(
      await service.api('sandbox', 'GET', '/v1/orders?status=pending', { key: tenant.sandboxKey }),
      'validation_failed',
      400,
    );
  });

  it('keeps orders inside their tenant environment', async () => {
    const market = await createMarket();
    const user = await fundedUser('hidden', '100.00');
    const order = (
      await place({
        external_user_id: user,
        market_slug: market.slug,
        outcome_id: yes(market),
        stake: '1.00',
        limit_price: '0.1',
      })
    ).json;
    const other = await createTenant(service);
    expectEnvelope(await getOrder(order.id, other.sandboxKey), 'not_found', 404);
    expectEnvelope(await cancel(order.id, other.sandboxKey), 'not_found', 404);
    expect((await service.api('sandbox', 'GET', '/v1/orders', { key: other.sandboxKey })).json).toEqual({
      data: [],
      next_cursor: null,
    });
    expectEnvelope(
      await service.api('live', 'GET', `/v1/orders/${order.id}`, { key: tenant.liveKey }),
      'not_found',
      404,
    );
    expectEnvelope(
      await service.api('live', 'DELETE', `/v1/orders/${order.id}`, { key: tenant.liveKey }),
      'not_found',
      404,
    );
    // The other tenant cannot place on a market not enabled for it.
    await registerUser(service, other.sandboxKey, 'their-user');
    expectEnvelope(
      await place(
        {
          external_user_id: 'their-user',
          market_slug: market.slug,
          outcome_id: yes(market),
          stake: '1.00',
          limit_price: '0.1',
        },
        { key: other.sandboxKey },
      ),
      'validation_failed',
      400,
    );
    expect(await statusOf(order.id)).toBe('open');
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

  it("places, reads and cancels only its own user's orders, and a fill sends order.filled, never position.opened", async () => {
    const market = await createMarket();
    const user = await fundedUser('widget', '100.00');
    const stranger = await fundedUser('stranger', '100.00');
    const token = await sessionFor(user);
    const body = { market_slug: market.slug, outcome_id: yes(market), stake: '10.00', limit_price: '0.40' };
    const mine = await place(body, { key: token });
    expect(mine.status, mine.text).toBe(201);
    expect(mine.json).toMatchObject({ external_user_id: user, status: 'open' });
    expectEnvelope(await place({ ...body, external_user_id: stranger }, { key: token }), 'validation_failed', 400);
    const theirs = (await place({ ...body, external_user_id: stranger })).json;
    expectEnvelope(await getOrder(theirs.id, token), 'not_found', 404);
    expectEnvelope(await cancel(theirs.id, token), 'not_found', 404);
    expect((await service.api('sandbox', 'GET', '/v1/orders', { key: token })).json.data.map((o: any) => o.id)).toEqual(
      [mine.json.id],
    );
    expectEnvelope(
      await service.api('sandbox', 'GET', `/v1/orders?external_user_id=${stranger}`, { key: token }),
      'validation_failed',
      400,
    );
    expect((await getOrder(mine.json.id, token)).json).toEqual(mine.json);

    await buyNo(market);
    const filled = (await getOrder(mine.json.id, token)).json;
    expect(filled).toMatchObject({ status: 'filled', fill_price: '0.335878' });
    expect(await statusOf(theirs.id)).toBe('filled');
    const events = (await eventsOf()).filter(
      (e) => e.data.position_id === filled.position_id || e.data.order_id === mine.json.id,
    );
    expect(events.map((e) => e.type)).toEqual(['order.filled']);
    expectEnvelope(await cancel(mine.json.id, token), 'state_conflict', 409);

    const another = (await place({ ...body, limit_price: '0.1' }, { key: token })).json;
    const cancelled = await cancel(another.id, token);
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.status).toBe('cancelled');
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });
});
