import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { FakeClock } from '../src/lib/clock.js';
import { settledWinPayout } from '../src/domains/markets/model/quotes.js';
import { createMarket as createMarketFor, fundedUser as fundedUserFor, type TestMarket } from './trading-helpers.js';
import {
  createTenant,
  expectEnvelope,
  expectLedgerInvariant,
  startTestService,
  sync,
  uniqueKey,
  type TestService,
  type TestTenant,
} from './helpers.js';
import { expectLeaderboardMatchesPositions } from './leaderboard-check.js';

const clock = new FakeClock('2026-06-01T12:00:00.000Z');
let service: TestService;
let tenant: TestTenant;
let bystander: TestTenant;

const createMarket = async (overrides: Record<string, unknown> = {}) => {
  const market = await createMarketFor(service, tenant, overrides);
  // A second tenant has the market enabled too: market events reach both of its environments.
  expect(
    (await service.platform('PUT', `/platform/v1/tenants/${bystander.tenantId}/markets/${market.slug}`)).status,
  ).toBe(200);
  return market;
};
const fundedUser = (name: string, amount = '1000.00') => fundedUserFor(service, tenant.sandboxKey, name, amount);

async function open(user: string, market: TestMarket, outcome: number, stake: string) {
  const res = await service.api('sandbox', 'POST', '/v1/positions', {
    key: tenant.sandboxKey,
    body: {
      external_user_id: user,
      market_slug: market.slug,
      outcome_id: market.outcomes[outcome]!.id,
      stake,
      max_price: '1',
    },
    idempotencyKey: uniqueKey('open'),
  });
  expect(res.status, res.text).toBe(201);
  return res.json;
}

const position = async (id: string) =>
  (await service.api('sandbox', 'GET', `/v1/positions/${id}`, { key: tenant.sandboxKey })).json;
const balance = async (user: string) =>
  (await service.api('sandbox', 'GET', `/v1/users/${user}`, { key: tenant.sandboxKey })).json.balance as string;
const resolve = (m: TestMarket, outcome: number) =>
  service.platform('POST', `/platform/v1/markets/${m.slug}/resolve`, { outcome_id: m.outcomes[outcome]!.id });
const voidMarket = (m: TestMarket) => service.platform('POST', `/platform/v1/markets/${m.slug}/void`);
const correct = (m: TestMarket, body: Record<string, unknown>) =>
  service.platform('POST', `/platform/v1/markets/${m.slug}/corrections`, body);
const toOutcome = (m: TestMarket, outcome: number) => ({ status: 'resolved', outcome_id: m.outcomes[outcome]!.id });
const cents = (minor: bigint) => `${minor / 100n}.${(minor % 100n).toString().padStart(2, '0')}`;
const winPayout = (p: { stake: string; price: string }) =>
  cents(settledWinPayout(BigInt(Math.round(Number(p.stake) * 100)), BigInt(Math.round(Number(p.price) * 1e6))));

/** Events of a market and its positions, in the order they were written, per tenant environment. */
async function eventsOf(market: TestMarket, since = 0n) {
  const { rows } = await sql<{ seq: bigint; tenant_id: string; environment: string; type: string; data: any }>`
    select seq, tenant_id, environment, type, data from events where data->>'market_slug' = ${market.slug} and seq > ${since} order by seq`.execute(
    service.db,
  );
  return rows;
}
const lastSeq = async () =>
  (await sql<{ max: bigint | null }>`select max(seq) as max from events`.execute(service.db)).rows[0]!.max ?? 0n;

async function entries(user: string, type?: string) {
  const query = type ? `?external_user_id=${user}&entry_type=${type}` : `?external_user_id=${user}`;
  return (await service.api('sandbox', 'GET', `/v1/transactions${query}&limit=500`, { key: tenant.sandboxKey })).json
    .data as any[];
}

beforeAll(async () => {
  service = await startTestService({ clock });
  tenant = await createTenant(service);
  bystander = await createTenant(service);
});
afterAll(() => service.stop());

describe('resolving a market', () => {
  it('settles winners and losers, leaves closed positions alone, expires orders, and sends the events', async () => {
    const market = await createMarket();
    const [alice, bob, carl] = [await fundedUser('alice'), await fundedUser('bob'), await fundedUser('carl')];
    const win = await open(alice, market, 0, '10.00');
    const lose = await open(bob, market, 1, '20.00');
    const closed = await open(carl, market, 0, '5.00');
    expect(
      (
        await service.api('sandbox', 'POST', `/v1/positions/${closed.id}/close`, {
          key: tenant.sandboxKey,
          body: { min_price: '0' },
          idempotencyKey: uniqueKey(),
        })
      ).status,
    ).toBe(200);
    const order = await service.api('sandbox', 'POST', '/v1/orders', {
      key: tenant.sandboxKey,
      body: {
        external_user_id: carl,
        market_slug: market.slug,
        outcome_id: market.outcomes[0]!.id,
        stake: '1.00',
        limit_price: '0.01',
      },
      idempotencyKey: uniqueKey(),
    });
    expect(order.json.status).toBe('open');
    const before = await lastSeq();
    clock.advance(60_000);

    const res = await resolve(market, 0);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      slug: market.slug,
      status: 'resolved',
      resolved_outcome_id: market.outcomes[0]!.id,
    });

    const w = await position(win.id);
    expect(w).toMatchObject({ state: 'settled_win', payout: winPayout(win), settled_at: clock.now().toISOString() });
    const credit = await entries(alice, 'settlement_credit');
    expect(credit).toEqual([
      expect.objectContaining({
        id: w.settlement_transaction_id,
        amount: winPayout(win),
        position_id: win.id,
        reverses_transaction_id: null,
      }),
    ]);
    expect(await balance(alice)).toBe(cents(100000n - 1000n + BigInt(Math.round(Number(winPayout(win)) * 100))));
    expect(await position(lose.id)).toMatchObject({
      state: 'settled_loss',
      payout: '0',
      settlement_transaction_id: null,
    });
    expect(await position(closed.id)).toMatchObject({ state: 'closed', settled_at: null });
    expect(
      (await service.api('sandbox', 'GET', `/v1/orders/${order.json.id}`, { key: tenant.sandboxKey })).json.status,
    ).toBe('expired');

    const events = await eventsOf(market, before);
    const ours = events.filter((e) => e.tenant_id === tenant.tenantId);
    expect(ours.filter((e) => e.type === 'position.settled').map((e) => e.data)).toEqual([
      {
        position_id: win.id,
        external_user_id: alice,
        market_slug: market.slug,
        outcome_id: market.outcomes[0]!.id,
        state: 'settled_win',
        stake: '10.00',
        price: win.price,
        payout: winPayout(win),
        settlement_transaction_id: w.settlement_transaction_id,
      },
      {
        position_id: lose.id,
        external_user_id: bob,
        market_slug: market.slug,
        outcome_id: market.outcomes[1]!.id,
        state: 'settled_loss',
        stake: '20.00',
        price: lose.price,
        payout: '0',
        settlement_transaction_id: null,
      },
    ]);
    const marketEvents = events
      .filter((e) => e.type === 'market.resolved')
      .map((e) => [e.tenant_id, e.environment, e.data]);
    const data = { market_slug: market.slug, resolved_outcome_id: market.outcomes[0]!.id };
    expect(marketEvents).toEqual(
      expect.arrayContaining([
        [tenant.tenantId, 'sandbox', data],
        [tenant.tenantId, 'live', data],
        [bystander.tenantId, 'sandbox', data],
        [bystander.tenantId, 'live', data],
      ]),
    );
    expect(marketEvents).toHaveLength(4);
    expect(events.filter((e) => e.tenant_id === bystander.tenantId && e.type.startsWith('position.'))).toEqual([]);
    await expectLedgerInvariant(service.db, tenant.tenantId);
    await expectLeaderboardMatchesPositions(service.db, tenant.tenantId);
  });

  it('refuses trades after, a second resolve, unknown outcomes and markets', async () => {
    const market = await createMarket();
    const user = await fundedUser('late');
    const p = await open(user, market, 0, '1.00');
    expectEnvelope(
      await service.platform('POST', `/platform/v1/markets/${market.slug}/resolve`, {
        outcome_id: '00000000-0000-4000-8000-000000000000',
      }),
      'validation_failed',
      400,
    );
    expectEnvelope(
      await service.platform('POST', `/platform/v1/markets/${market.slug}/resolve`, {}),
      'validation_failed',
      400,
    );
    expect((await resolve(market, 1)).status).toBe(200);
    expectEnvelope(await resolve(market, 0), 'state_conflict', 409);
    expectEnvelope(await voidMarket(market), 'state_conflict', 409);
    expectEnvelope(
      await service.platform('POST', '/platform/v1/markets/no-such-market/resolve', {
        outcome_id: market.outcomes[0]!.id,
      }),
      'not_found',
      404,
    );
    const again = await service.api('sandbox', 'POST', '/v1/positions', {
      key: tenant.sandboxKey,
      body: {
        external_user_id: user,
        market_slug: market.slug,
        outcome_id: market.outcomes[0]!.id,
        stake: '1.00',
        max_price: '1',
      },
      idempotencyKey: uniqueKey(),
    });
    expectEnvelope(again, 'validation_failed', 400);
    expectEnvelope(
      await service.api('sandbox', 'POST', `/v1/positions/${p.id}/close`, {
        key: tenant.sandboxKey,
        body: { min_price: '0' },
        idempotencyKey: uniqueKey(),
      }),
      'position_terminal',
      409,
    );
  });

  it('settles a suspended market too', async () => {
    const market = await createMarket();
    const p = await open(await fundedUser('susp'), market, 0, '1.00');
    await service.platform('POST', `/platform/v1/markets/${market.slug}/suspend`);
    expect((await resolve(market, 0)).status).toBe(200);
    expect((await position(p.id)).state).toBe('settled_win');
  });
});

describe('voiding a market', () => {
  it('refunds every open position at its stake and sends position.voided and market.voided, never position.settled', async () => {
    const market = await createMarket();
    const user = await fundedUser('voidee');
    const a = await open(user, market, 0, '7.00');
    const b = await open(user, market, 1, '3.50');
    const before = await lastSeq();
    expect((await voidMarket(market)).json).toMatchObject({ status: 'voided', resolved_outcome_id: null });
    for (const p of [a, b]) expect(await position(p.id)).toMatchObject({ state: 'voided', payout: p.stake });
    expect(await balance(user)).toBe('1000.00');
    const refunds = await entries(user, 'market_void_refund');
    expect(refunds.map((t) => t.amount)).toEqual(['7.00', '3.50']);
    const events = (await eventsOf(market, before)).filter(
      (e) => e.tenant_id === tenant.tenantId && e.environment === 'sandbox',
    );
    expect(events.map((e) => e.type)).toEqual(['position.voided', 'position.voided', 'market.voided']);
    expect(events[0]!.data).toEqual({
      position_id: a.id,
      external_user_id: user,
      market_slug: market.slug,
      outcome_id: market.outcomes[0]!.id,
      state: 'voided',
      stake: '7.00',
      payout: '7.00',
      settlement_transaction_id: refunds[0].id,
    });
    expect(events[2]!.data).toEqual({ market_slug: market.slug });
    await expectLedgerInvariant(service.db, tenant.tenantId);
    await expectLeaderboardMatchesPositions(service.db, tenant.tenantId);
  });
});

describe('settlement corrections', () => {
  it('moves winners to losers and losers to winners, reversing with the same entry_type, keeping settled_at', async () => {
    const market = await createMarket();
    const [winner, loser] = [await fundedUser('w'), await fundedUser('l')];
    const a = await open(winner, market, 0, '10.00');
    const b = await open(loser, market, 1, '10.00');
    await resolve(market, 0);
    const settledAt = (await position(a.id)).settled_at;
    const credit = (await position(a.id)).settlement_transaction_id;
    clock.advance(3_600_000);
    const before = await lastSeq();
    const res = await correct(market, toOutcome(market, 1));
    expect(res.json).toMatchObject({ status: 'resolved', resolved_outcome_id: market.outcomes[1]!.id });

    expect(await position(a.id)).toMatchObject({
      state: 'settled_loss',
      payout: '0',
      settlement_transaction_id: null,
      settled_at: settledAt,
    });
    const reversal = (await entries(winner, 'settlement_credit')).at(-1);
    expect(reversal).toMatchObject({ amount: `-${winPayout(a)}`, reverses_transaction_id: credit, position_id: a.id });
    expect(await balance(winner)).toBe('990.00');
    const nowWins = await position(b.id);
    expect(nowWins).toMatchObject({ state: 'settled_win', payout: winPayout(b), settled_at: settledAt });

    const events = (await eventsOf(market, before)).filter(
      (e) => e.tenant_id === tenant.tenantId && e.environment === 'sandbox',
    );
    expect(events.map((e) => e.type)).toEqual([
      'position.settlement_corrected',
      'position.settlement_corrected',
      'market.resolution_corrected',
    ]);
    expect(events[0]!.data).toEqual({
      position_id: a.id,
      external_user_id: winner,
      market_slug: market.slug,
      outcome_id: market.outcomes[0]!.id,
      previous_state: 'settled_win',
      state: 'settled_loss',
      previous_payout: winPayout(a),
      payout: '0',
      reversed_transaction_id: credit,
      settlement_transaction_id: null,
    });
    expect(events[1]!.data).toEqual({
      position_id: b.id,
      external_user_id: loser,
      market_slug: market.slug,
      outcome_id: market.outcomes[1]!.id,
      previous_state: 'settled_loss',
      state: 'settled_win',
      previous_payout: '0',
      payout: winPayout(b),
      reversed_transaction_id: null,
      settlement_transaction_id: nowWins.settlement_transaction_id,
    });
    expect(events[2]!.data).toEqual({
      market_slug: market.slug,
      previous_outcome_id: market.outcomes[0]!.id,
      resolved_outcome_id: market.outcomes[1]!.id,
    });
    expectEnvelope(await correct(market, toOutcome(market, 1)), 'state_conflict', 409);
    await expectLedgerInvariant(service.db, tenant.tenantId);
    await expectLeaderboardMatchesPositions(service.db, tenant.tenantId);
  });

  it('posts a shortfall credit first when the winner already spent the payout, so no balance goes below zero', async () => {
    const market = await createMarket();
    const spender = await fundedUser('spender', '10.00');
    const a = await open(spender, market, 0, '10.00');
    await resolve(market, 0);
    const payout = winPayout(a);
    expect(await balance(spender)).toBe(payout);
    // The user spends almost all of it on the operator's side.
    expect(
      (await sync(service, tenant.sandboxKey, { external_user_id: spender, direction: 'debit', amount: payout }))
        .status,
    ).toBe(200);
    await sync(service, tenant.sandboxKey, { external_user_id: spender, direction: 'credit', amount: '0.50' });
    await correct(market, toOutcome(market, 1));
    const tail = (await entries(spender)).slice(-2);
    const shortfall = Number(payout) - 0.5;
    expect(tail).toEqual([
      expect.objectContaining({
        entry_type: 'correction_shortfall_credit',
        amount: shortfall.toFixed(2),
        balance_after: payout,
        position_id: a.id,
      }),
      expect.objectContaining({ entry_type: 'settlement_credit', amount: `-${payout}`, balance_after: '0.00' }),
    ]);
    expect(await balance(spender)).toBe('0.00');
    const filtered = await service.api(
      'sandbox',
      'GET',
      `/v1/transactions?entry_type=correction_shortfall_credit&external_user_id=${spender}`,
      { key: tenant.sandboxKey },
    );
    expect(filtered.json.data).toHaveLength(1);
    await expectLedgerInvariant(service.db, tenant.tenantId);
    await expectLeaderboardMatchesPositions(service.db, tenant.tenantId);
  });

  it('resolve → correct → correct back: position.settled once, corrected events each way', async () => {
    const market = await createMarket();
    const user = await fundedUser('chain');
    const p = await open(user, market, 0, '10.00');
    const start = await lastSeq();
    await resolve(market, 0);
    await correct(market, toOutcome(market, 1));
    await correct(market, toOutcome(market, 0));
    const types = (await eventsOf(market, start))
      .filter((e) => e.tenant_id === tenant.tenantId && e.environment === 'sandbox')
      .map((e) => e.type);
    expect(types).toEqual([
      'position.settled',
      'market.resolved',
      'position.settlement_corrected',
      'market.resolution_corrected',
      'position.settlement_corrected',
      'market.resolution_corrected',
    ]);
    expect(await position(p.id)).toMatchObject({ state: 'settled_win', payout: winPayout(p) });
    expect(await balance(user)).toBe(cents(100000n - 1000n + BigInt(Math.round(Number(winPayout(p)) * 100))));
    await expectLedgerInvariant(service.db, tenant.tenantId);
    await expectLeaderboardMatchesPositions(service.db, tenant.tenantId);
  });
});

describe('void corrections', () => {
  it('void → resolve → void: refunds reversed and paid again, with exactly the void_corrected events', async () => {
    const market = await createMarket();
    const [u1, u2] = [await fundedUser('v1'), await fundedUser('v2')];
    const a = await open(u1, market, 0, '10.00');
    const b = await open(u2, market, 1, '4.00');
    const start = await lastSeq();
    await voidMarket(market);
    const refundA = (await position(a.id)).settlement_transaction_id;
    const refundB = (await position(b.id)).settlement_transaction_id;

    const toResolved = await correct(market, toOutcome(market, 0));
    expect(toResolved.json).toMatchObject({ status: 'resolved', resolved_outcome_id: market.outcomes[0]!.id });
    const aWin = await position(a.id);
    expect(aWin).toMatchObject({ state: 'settled_win', payout: winPayout(a) });
    expect(await position(b.id)).toMatchObject({ state: 'settled_loss', payout: '0', settlement_transaction_id: null });
    expect((await entries(u1, 'market_void_refund')).map((t) => [t.amount, t.reverses_transaction_id])).toEqual([
      ['10.00', null],
      ['-10.00', refundA],
    ]);

    const toVoided = await correct(market, { status: 'voided' });
    expect(toVoided.json).toMatchObject({ status: 'voided', resolved_outcome_id: null });
    const aVoid = await position(a.id);
    expect(aVoid).toMatchObject({ state: 'voided', payout: '10.00' });
    expect(await position(b.id)).toMatchObject({ state: 'voided', payout: '4.00' });
    expect(await balance(u1)).toBe('1000.00');
    expect(await balance(u2)).toBe('1000.00');

    const events = (await eventsOf(market, start)).filter(
      (e) => e.tenant_id === tenant.tenantId && e.environment === 'sandbox',
    );
    expect(events.map((e) => e.type)).toEqual([
      'position.voided',
      'position.voided',
      'market.voided',
      'position.void_corrected',
      'position.void_corrected',
      'market.void_corrected',
      'position.void_corrected',
      'position.void_corrected',
      'market.void_corrected',
    ]);
    const common = {
      external_user_id: u1,
      market_slug: market.slug,
      outcome_id: market.outcomes[0]!.id,
      stake: '10.00',
    };
    expect(events[3]!.data).toEqual({
      position_id: a.id,
      ...common,
      previous_state: 'voided',
      state: 'settled_win',
      previous_payout: '10.00',
      payout: winPayout(a),
      reversed_transaction_id: refundA,
      settlement_transaction_id: aWin.settlement_transaction_id,
    });
    expect(events[4]!.data).toMatchObject({
      position_id: b.id,
      previous_state: 'voided',
      state: 'settled_loss',
      previous_payout: '4.00',
      payout: '0',
      reversed_transaction_id: refundB,
      settlement_transaction_id: null,
    });
    expect(events[5]!.data).toEqual({
      market_slug: market.slug,
      previous_status: 'voided',
      status: 'resolved',
      previous_outcome_id: null,
      resolved_outcome_id: market.outcomes[0]!.id,
    });
    expect(events[6]!.data).toEqual({
      position_id: a.id,
      ...common,
      previous_state: 'settled_win',
      state: 'voided',
      previous_payout: winPayout(a),
      payout: '10.00',
      reversed_transaction_id: aWin.settlement_transaction_id,
      settlement_transaction_id: aVoid.settlement_transaction_id,
    });
    expect(events[7]!.data).toMatchObject({
      position_id: b.id,
      previous_state: 'settled_loss',
      state: 'voided',
      previous_payout: '0',
      payout: '4.00',
      reversed_transaction_id: null,
    });
    expect(events[8]!.data).toEqual({
      market_slug: market.slug,
      previous_status: 'resolved',
      status: 'voided',
      previous_outcome_id: market.outcomes[0]!.id,
      resolved_outcome_id: null,
    });
    expectEnvelope(await correct(market, { status: 'voided' }), 'state_conflict', 409);
    await expectLedgerInvariant(service.db, tenant.tenantId);
    await expectLeaderboardMatchesPositions(service.db, tenant.tenantId);
  });

  it('takes back a spent refund with a shortfall credit first', async () => {
    const market = await createMarket();
    const user = await fundedUser('refundspender', '5.00');
    const p = await open(user, market, 1, '5.00');
    await voidMarket(market);
    await sync(service, tenant.sandboxKey, { external_user_id: user, direction: 'debit', amount: '5.00' });
    await correct(market, toOutcome(market, 0));
    const tail = (await entries(user)).slice(-2);
    expect(tail).toEqual([
      expect.objectContaining({
        entry_type: 'correction_shortfall_credit',
        amount: '5.00',
        balance_after: '5.00',
        position_id: p.id,
      }),
      expect.objectContaining({ entry_type: 'market_void_refund', amount: '-5.00', balance_after: '0.00' }),
    ]);
    expect(await position(p.id)).toMatchObject({ state: 'settled_loss' });
    await expectLedgerInvariant(service.db, tenant.tenantId);
    await expectLeaderboardMatchesPositions(service.db, tenant.tenantId);
  });

  it("pays a spent refund's correction to a win only the difference: no shortfall when the new payout covers it", async () => {
    const market = await createMarket();
    const user = await fundedUser('refundtowin', '6.76');
    const p = await open(user, market, 1, '6.76');
    await voidMarket(market);
    await sync(service, tenant.sandboxKey, { external_user_id: user, direction: 'debit', amount: '6.76' });
    await correct(market, toOutcome(market, 1));
    const payout = winPayout(p);
    const tail = (await entries(user)).slice(-2);
    expect(tail).toEqual([
      expect.objectContaining({ entry_type: 'settlement_credit', amount: payout, balance_after: payout }),
      expect.objectContaining({ entry_type: 'market_void_refund', amount: '-6.76', position_id: p.id }),
    ]);
    expect(await entries(user, 'correction_shortfall_credit')).toEqual([]);
    // Owed the payout, already paid the refund: the balance holds the difference.
    expect(await balance(user)).toBe(cents(BigInt(Math.round(Number(payout) * 100)) - 676n));
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });

  it('takes a spent win corrected to a void back less the refund: the shortfall is what the user was overpaid', async () => {
    const market = await createMarket();
    const user = await fundedUser('wintovoid', '10.00');
    const p = await open(user, market, 0, '10.00');
    await resolve(market, 0);
    const payout = winPayout(p);
    await sync(service, tenant.sandboxKey, { external_user_id: user, direction: 'debit', amount: payout });
    await correct(market, { status: 'voided' });
    const overpaid = BigInt(Math.round(Number(payout) * 100)) - 1000n;
    expect((await entries(user)).slice(-3)).toEqual([
      expect.objectContaining({ entry_type: 'market_void_refund', amount: '10.00', balance_after: '10.00' }),
      expect.objectContaining({
        entry_type: 'correction_shortfall_credit',
        amount: cents(overpaid),
        balance_after: payout,
      }),
      expect.objectContaining({ entry_type: 'settlement_credit', amount: `-${payout}`, balance_after: '0.00' }),
    ]);
    expect(await balance(user)).toBe('0.00');
    await expectLedgerInvariant(service.db, tenant.tenantId);
  });

  it("nets a hedged user's positions: the new winner's payout covers the old winner's reversal first", async () => {
    const market = await createMarket();
    const user = await fundedUser('hedged', '20.00');
    const a = await open(user, market, 0, '10.00');
    const b = await open(user, market, 1, '10.00');
    await resolve(market, 0);
    const [payoutA, payoutB] = [winPayout(a), winPayout(b)].map((x) => BigInt(Math.round(Number(x) * 100)));
    await sync(service, tenant.sandboxKey, { external_user_id: user, direction: 'debit', amount: cents(payoutA!) });
    await correct(market, toOutcome(market, 1));
    const net = payoutB! - payoutA!;
    expect(await balance(user)).toBe(cents(net > 0n ? net : 0n));
    const shortfalls = await entries(user, 'correction_shortfall_credit');
    expect(shortfalls.map((e) => e.amount)).toEqual(net < 0n ? [cents(-net)] : []);
    await expectLedgerInvariant(service.db, tenant.tenantId);
    await expectLeaderboardMatchesPositions(service.db, tenant.tenantId);
  });

  it('refuses corrections of an open market and to the state it has', async () => {
    const market = await createMarket();
    expectEnvelope(await correct(market, { status: 'voided' }), 'state_conflict', 409);
    expectEnvelope(await correct(market, toOutcome(market, 0)), 'state_conflict', 409);
    await resolve(market, 0);
    expectEnvelope(await correct(market, toOutcome(market, 0)), 'state_conflict', 409);
    expectEnvelope(await correct(market, { status: 'pending' }), 'validation_failed', 400);
    expectEnvelope(await correct(market, { status: 'resolved' }), 'validation_failed', 400);
    // A body that says more than it means is refused, not guessed: a void with an outcome may be a resolve.
    const other = market.outcomes[1]!.id;
    expectEnvelope(await correct(market, { status: 'voided', outcome_id: other }), 'validation_failed', 400);
    expectEnvelope(await correct(market, { ...toOutcome(market, 1), extra: true }), 'validation_failed', 400);
    const fresh = await createMarket();
    const path = `/platform/v1/markets/${fresh.slug}`;
    const body = { outcome_id: fresh.outcomes[0]!.id, typo_field: 1 };
    expectEnvelope(await service.platform('POST', `${path}/resolve`, body), 'validation_failed', 400);
    const voidWithOutcome = { outcome_id: fresh.outcomes[0]!.id };
    expectEnvelope(await service.platform('POST', `${path}/void`, voidWithOutcome), 'validation_failed', 400);
    expect((await service.platform('POST', `${path}/void`, {})).status).toBe(200);
  });
});
