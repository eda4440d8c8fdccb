import { describe, expect, it } from 'vitest';
import {
  askedBy,
  balanceOf,
  bodyOf,
  footprint,
  LIVE,
  marketOf,
  NOW,
  orderOf,
  OTHER_LIVE,
  stateOf,
  userOf,
  writeParts,
  YES,
  type Asker,
} from '../../../test/in-memory-round.js';
import type { TenantEnv } from '../context.js';
import type { HeldMarket } from '../markets/index.js';
import { NO_LIMITS } from '../player-limits/index.js';
import { placeHandler, type OrderInput } from './place-order.js';

/** At even prices on b = 100, 10.00 on an outcome costs 0.523827 (quotes.ts). */
const PRICE_FOR_10 = 523_827n;
const HOUR_MS = 60 * 60 * 1000;

const asked = (scope: TenantEnv, asker: Asker = 'api_key') => askedBy(scope, asker);

function orderIn(held: HeldMarket, overrides: Partial<OrderInput> = {}): OrderInput {
  return {
    externalUserId: 'alice',
    marketSlug: held.market.slug,
    outcomeId: YES,
    stake: 1_000n,
    limitPriceMicro: 500_000n,
    expiresAt: new Date(NOW.getTime() + HOUR_MS),
    ...overrides,
  };
}

describe('placeHandler.needs', () => {
  it('locks the market by slug and the acting user, and trades (a placement may fill)', () => {
    const held = marketOf();
    expect(placeHandler.route?.operation).toBe('order_place');
    expect(placeHandler.needs(orderIn(held), asked(LIVE))).toEqual({
      market: { slug: held.market.slug },
      user: { scope: LIVE, externalUserId: 'alice' },
      trades: true,
    });
    expect(placeHandler.needs(orderIn(held, { externalUserId: 'bob' }), asked(LIVE, { session: 'alice' }))).toEqual({
      trades: false,
    });
  });
});

describe('placeHandler.apply', () => {
  it('places an order that waits (its price is above the limit): nothing debited, no position, no event', () => {
    const held = marketOf();
    const alice = userOf(LIVE, 'alice', 10_000n);
    const state = stateOf({ markets: [held], users: [alice] });

    const applied = placeHandler.apply(state, orderIn(held), asked(LIVE));

    expect(applied.spend).toBe(true);
    expect(applied.answer.status).toBe(201);
    const body = bodyOf(applied.answer);
    expect(body).toEqual({
      id: expect.any(String),
      status: 'open',
      external_user_id: 'alice',
      market_slug: held.market.slug,
      outcome_id: YES,
      stake: '10.00',
      limit_price: '0.500000',
      fill_price: null,
      position_id: null,
      expires_at: new Date(NOW.getTime() + HOUR_MS).toISOString(),
      created_at: NOW.toISOString(),
      reject_code: null,
    });
    expect(state.orders.changes.placed).toMatchObject([
      { id: body.id, status: 'open', scope: LIVE, marketId: held.market.id, stake: 1_000n, limitPriceMicro: 500_000n },
    ]);
    expect(state.orders.open(held.market.id, body.id as string)).toBeDefined();
    expect(balanceOf(state, alice)).toBe(10_000n);
    expect(state.balances.posted).toEqual([]);
    expect(state.positions.changes.opened).toEqual([]);
    expect(held.market.q).toEqual([0, 0]);
    expect(state.events.emitted).toEqual([]);
    // The order alone.
    expect(writeParts(state)).toBe(1);
  });

  it('places an order whose stake is over the caps: the stake is judged when it fills, not now', () => {
    const held = marketOf({ maxStakePerPosition: 100n });
    const alice = userOf(LIVE, 'alice', 10_000n);
    const state = stateOf({ markets: [held], users: [alice] });

    const applied = placeHandler.apply(state, orderIn(held), asked(LIVE));

    expect(bodyOf(applied.answer).status).toBe('open');
  });

  it('fills at once when the market is at the limit already: a position via the order, order.filled, never position.opened', () => {
    const held = marketOf();
    const alice = userOf(LIVE, 'alice', 10_000n);
    const state = stateOf({ markets: [held], users: [alice] });

    const applied = placeHandler.apply(
      state,
      orderIn(held, { externalUserId: undefined, limitPriceMicro: 600_000n }),
      asked(LIVE, { session: 'alice' }),
    );

    expect(applied.spend).toBe(true);
    expect(applied.answer.status).toBe(201);
    const body = bodyOf(applied.answer);
    expect(body).toMatchObject({ status: 'filled', fill_price: '0.523827', position_id: expect.any(String) });
    const [position] = state.positions.changes.opened;
    expect(state.positions.changes.opened).toHaveLength(1);
    expect(position).toMatchObject({
      id: body.position_id,
      userId: alice.id,
      stake: 1_000n,
      priceMicro: PRICE_FOR_10,
      openedVia: 'order',
      orderId: body.id,
    });
    expect(balanceOf(state, alice)).toBe(9_000n);
    expect(state.balances.posted).toMatchObject([
      { entryType: 'position_open_debit', amount: -1_000n, balanceAfter: 9_000n, positionId: body.position_id },
    ]);
    expect(state.events.emitted).toEqual([
      {
        scope: LIVE,
        type: 'order.filled',
        data: {
          order_id: body.id,
          position_id: body.position_id,
          external_user_id: 'alice',
          market_slug: held.market.slug,
          outcome_id: YES,
          stake: '10.00',
          limit_price: '0.600000',
          fill_price: '0.523827',
        },
      },
    ]);
    // A new order is written once, with the status the round left it in.
    expect(state.orders.changes.placed).toMatchObject([
      { id: body.id, status: 'filled', positionId: body.position_id },
    ]);
    expect(state.orders.changes.finished).toEqual([]);
  });

  it("rejects the order for good when its fill is refused by the open's other rules (would_overdraw)", () => {
    const held = marketOf();
    const alice = userOf(LIVE, 'alice', 999n);
    const state = stateOf({ markets: [held], users: [alice] });

    const applied = placeHandler.apply(state, orderIn(held, { limitPriceMicro: 600_000n }), asked(LIVE));

    // The placement itself succeeded: its key is spent, and the order says why it ended.
    expect(applied.spend).toBe(true);
    expect(applied.answer.status).toBe(201);
    expect(bodyOf(applied.answer)).toMatchObject({
      status: 'rejected',
      reject_code: 'would_overdraw',
      position_id: null,
    });
    expect(balanceOf(state, alice)).toBe(999n);
    expect(state.balances.posted).toEqual([]);
    expect(state.positions.changes.opened).toEqual([]);
    expect(state.events.emitted).toEqual([]);
    expect(held.market.q).toEqual([0, 0]);
  });

  it("refuses a placement whose stake would pass the player's limit, and any placement during a break; nothing placed", () => {
    const held = marketOf({}, [LIVE.tenantId]);
    const alice = userOf(LIVE, 'alice', 10_000n);
    const cases = [
      {
        limits: { ...NO_LIMITS, stake_per_day: { limit: 999n, pending: null } },
        status: 409,
        error: 'user_limit_reached',
      },
      {
        limits: { ...NO_LIMITS, excludedUntil: new Date(NOW.getTime() + HOUR_MS) },
        status: 403,
        error: 'user_excluded',
      },
    ];
    for (const { limits, status, error } of cases) {
      const state = stateOf({ markets: [held], users: [alice], limits: [[alice, limits]] });
      const before = footprint(state, [alice], [held]);

      const applied = placeHandler.apply(state, orderIn(held, { limitPriceMicro: PRICE_FOR_10 }), asked(LIVE));

      expect([applied.spend, applied.answer.status, bodyOf(applied.answer).error]).toEqual([false, status, error]);
      expect(footprint(state, [alice], [held])).toEqual(before);
    }
  });

  it('fills an order placed under the kill switch no sooner than it is lifted: it stays open', () => {
    const held = marketOf();
    const alice = userOf(LIVE, 'alice', 10_000n);
    const state = stateOf({ markets: [held], users: [alice], paused: { all: true, tenants: new Set() } });

    const applied = placeHandler.apply(state, orderIn(held, { limitPriceMicro: 600_000n }), asked(LIVE));

    expect(bodyOf(applied.answer).status).toBe('open');
    expect(balanceOf(state, alice)).toBe(10_000n);
    expect(state.positions.changes.opened).toEqual([]);
  });

  it("evaluates the market's other orders with it: an expired one ends", () => {
    const held = marketOf();
    const alice = userOf(LIVE, 'alice', 10_000n);
    const stale = orderOf(held, alice, { expiresAt: NOW });
    const state = stateOf({ markets: [held], users: [alice], orders: [stale] });

    placeHandler.apply(state, orderIn(held), asked(LIVE));

    expect(stale.status).toBe('expired');
    expect(state.orders.changes.finished).toEqual([{ id: stale.id, change: { status: 'expired' } }]);
  });

  const refusals: {
    name: string;
    market?: Parameters<typeof marketOf>;
    status?: 'active' | 'blocked';
    input?: Partial<OrderInput>;
    asker?: Asker;
    expected: { status: number; error: string; message?: string };
  }[] = [
    {
      name: 'an expires_at not in the future',
      input: { expiresAt: NOW },
      expected: { status: 400, error: 'validation_failed', message: 'expires_at must be in the future.' },
    },
    {
      name: 'a suspended market',
      market: [{ status: 'suspended' }],
      expected: { status: 409, error: 'market_suspended' },
    },
    {
      name: 'a market not enabled for the tenant',
      market: [{}, [OTHER_LIVE.tenantId]],
      expected: { status: 400, error: 'validation_failed', message: 'is available to this tenant.' },
    },
    { name: 'an unknown user', input: { externalUserId: 'nobody' }, expected: { status: 404, error: 'unknown_user' } },
    { name: 'a blocked user', status: 'blocked', expected: { status: 403, error: 'user_blocked' } },
    {
      name: 'a session naming another user',
      asker: { session: 'bob' },
      expected: { status: 400, error: 'validation_failed', message: 'A session acts only for its own user' },
    },
  ];
  for (const refusal of refusals) {
    it(`refuses ${refusal.name}: nothing placed, key given back`, () => {
      const held = marketOf(...(refusal.market ?? []));
      const alice = userOf(LIVE, 'alice', 10_000n, refusal.status);
      const state = stateOf({ markets: [held], users: [alice] });
      const before = footprint(state, [alice], [held]);

      const applied = placeHandler.apply(state, orderIn(held, refusal.input), asked(LIVE, refusal.asker));

      expect(applied.spend).toBe(false);
      expect(applied.answer.status).toBe(refusal.expected.status);
      const body = bodyOf(applied.answer);
      expect(body.error).toBe(refusal.expected.error);
      if (refusal.expected.message) expect(body.message).toContain(refusal.expected.message);
      expect(footprint(state, [alice], [held])).toEqual(before);
      expect(writeParts(state)).toBe(0);
    });
  }
});
