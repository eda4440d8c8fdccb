import { describe, expect, it } from 'vitest';
import {
  askedBy,
  balanceOf,
  footprint,
  LIVE,
  marketOf,
  NOW,
  orderOf,
  stateOf,
  userOf,
  writeParts,
} from '../../../test/in-memory-round.js';
import { cancelHandler } from './cancel-order.js';
import type { OrderView } from './order-repo.js';

/** A cancel takes no key: the verb answers with the order as it then is. */
const asked = askedBy(LIVE, 'api_key', null);

function setup(overrides: Parameters<typeof orderOf>[2] = {}) {
  const held = marketOf();
  const alice = userOf(LIVE, 'alice', 10_000n);
  const order = orderOf(held, alice, overrides);
  const state = stateOf({ markets: [held], users: [alice], orders: [order] });
  return { held, alice, order, state };
}

describe('cancelHandler.needs', () => {
  it("locks the order's market, its user and the order itself", () => {
    const { held, order } = setup();
    expect(cancelHandler.route).toBeNull();
    expect(cancelHandler.needs(order, asked)).toEqual({
      market: { id: held.market.id, slug: held.market.slug },
      user: { scope: LIVE, externalUserId: 'alice' },
      orderId: order.id,
      trades: true,
    });
  });
});

describe('cancelHandler.apply', () => {
  it('cancels an open order, answering 200 with no body and spending nothing', () => {
    const { held, alice, order, state } = setup();

    // The verb passes the order as it read it before the round: the handler changes the round's own.
    const applied = cancelHandler.apply(state, { ...order }, asked);

    expect(applied).toEqual({ answer: { status: 200, body: '' }, spend: false });
    expect(order.status).toBe('cancelled');
    expect(state.orders.open(held.market.id, order.id)).toBeUndefined();
    expect(state.orders.changes.finished).toEqual([{ id: order.id, change: { status: 'cancelled' } }]);
    expect(balanceOf(state, alice)).toBe(10_000n);
    expect(state.balances.posted).toEqual([]);
    expect(state.events.emitted).toEqual([]);
    expect(writeParts(state)).toBe(1);
  });

  it('expires an order already past its expires_at instead (the instant itself included)', () => {
    const { order, state } = setup({ expiresAt: NOW });

    cancelHandler.apply(state, { ...order }, asked);

    expect(order.status).toBe('expired');
    expect(state.orders.changes.finished).toEqual([{ id: order.id, change: { status: 'expired' } }]);
  });

  it('cancels an order that expires later', () => {
    const { order, state } = setup({ expiresAt: new Date(NOW.getTime() + 1) });

    cancelHandler.apply(state, { ...order }, asked);

    expect(order.status).toBe('cancelled');
  });

  it('cancels an order on a suspended market, and one of a blocked user', () => {
    const held = marketOf({ status: 'suspended' });
    const alice = userOf(LIVE, 'alice', 10_000n, 'blocked');
    const order = orderOf(held, alice);
    const state = stateOf({ markets: [held], users: [alice], orders: [order] });

    cancelHandler.apply(state, { ...order }, asked);

    expect(order.status).toBe('cancelled');
  });

  it('changes nothing for an order no longer open', () => {
    // The verb read it open; a fill ended it before the cancel's round.
    const { held, alice, order, state } = setup({ status: 'filled', fillPriceMicro: 400_000n });
    const seen: OrderView = { ...order, status: 'open', fillPriceMicro: null };
    const before = footprint(state, [alice], [held]);

    const applied = cancelHandler.apply(state, seen, asked);

    expect(applied).toEqual({ answer: { status: 200, body: '' }, spend: false });
    expect(order.status).toBe('filled');
    expect(footprint(state, [alice], [held])).toEqual(before);
    expect(writeParts(state)).toBe(0);
  });

  it('changes nothing for an order the round does not hold', () => {
    const { held, alice, state } = setup();
    const elsewhere = orderOf(marketOf(), alice);
    const before = footprint(state, [alice], [held]);

    cancelHandler.apply(state, elsewhere, asked);

    expect(elsewhere.status).toBe('open');
    expect(footprint(state, [alice], [held])).toEqual(before);
    expect(writeParts(state)).toBe(0);
  });

  it('cancels once: a second cancel of the same order in the round changes nothing more', () => {
    const { order, state } = setup();

    cancelHandler.apply(state, { ...order }, asked);
    cancelHandler.apply(state, { ...order }, asked);

    expect(state.orders.changes.finished).toHaveLength(1);
  });
});
