import { describe, expect, it } from 'vitest';
import {
  balanceOf,
  BOUND_1_SHARE,
  footprint,
  LIVE,
  marketOf,
  NO,
  NOW,
  orderOf,
  OTHER_LIVE,
  SANDBOX,
  stateOf,
  TENANT_ID,
  userOf,
  writeParts,
  YES,
} from '../../../test/in-memory-round.js';
import type { OpeningsPaused } from '../kill-switches/index.js';
import { NO_LIMITS } from '../player-limits/index.js';
import { fillOrders } from './fill-orders.js';

/**
 * At even prices on b = 100, 10.00 on an outcome costs 0.523827 and buys 19.09028289 shares (quotes.ts):
 * a limit of 0.60 fills there, one of 0.50 waits.
 */
const FILLS = 600_000n;
const WAITS = 500_000n;

describe('fillOrders', () => {
  it('fills an order whose limit the price reached: debit, position via the order, order.filled', () => {
    const held = marketOf();
    const alice = userOf(LIVE, 'alice', 10_000n);
    const order = orderOf(held, alice, { limitPriceMicro: FILLS });
    const state = stateOf({ markets: [held], users: [alice], orders: [order] });

    expect(fillOrders(state, held)).toBe(1);

    expect(order).toMatchObject({ status: 'filled', fillPriceMicro: 523_827n });
    expect(state.positions.changes.opened).toEqual([
      expect.objectContaining({ id: order.positionId, orderId: order.id, openedVia: 'order', stake: 1_000n }),
    ]);
    expect(balanceOf(state, alice)).toBe(9_000n);
    expect(state.positions.openStake(alice.id, held.market.id)).toBe(1_000n);
    expect(held.market.q).toEqual([1_909_028_289 / 1e8, 0]);
    expect(state.orders.changes.finished).toEqual([
      { id: order.id, change: { status: 'filled', fillPriceMicro: 523_827n, positionId: order.positionId } },
    ]);
    expect(state.events.emitted).toEqual([
      {
        scope: LIVE,
        type: 'order.filled',
        data: {
          order_id: order.id,
          position_id: order.positionId,
          external_user_id: 'alice',
          market_slug: held.market.slug,
          outcome_id: YES,
          stake: '10.00',
          limit_price: '0.600000',
          fill_price: '0.523827',
        },
      },
    ]);
  });

  it('leaves an order whose price is above its limit open, changing nothing', () => {
    const held = marketOf();
    const alice = userOf(LIVE, 'alice', 10_000n);
    const order = orderOf(held, alice, { limitPriceMicro: WAITS });
    const state = stateOf({ markets: [held], users: [alice], orders: [order] });
    const before = footprint(state, [alice], [held]);

    expect(fillOrders(state, held)).toBe(0);

    expect(footprint(state, [alice], [held])).toEqual(before);
    expect(writeParts(state)).toBe(0);
  });

  it('judges each fill against the state the fills before it left: the second over the cap is rejected', () => {
    const held = marketOf({ maxOpenStakePerUser: 1_500n });
    const alice = userOf(LIVE, 'alice', 10_000n);
    const first = orderOf(held, alice, { limitPriceMicro: 900_000n });
    const second = orderOf(held, alice, { limitPriceMicro: 900_000n });
    const state = stateOf({ markets: [held], users: [alice], orders: [first, second] });

    expect(fillOrders(state, held)).toBe(2);

    expect(first.status).toBe('filled');
    expect(second).toMatchObject({ status: 'rejected', rejectCode: 'stake_limit_exceeded', positionId: null });
    expect(balanceOf(state, alice)).toBe(9_000n);
    expect(state.events.emitted.map((e) => (e.type === 'order.filled' ? e.data.order_id : e.type))).toEqual([first.id]);
  });

  it("rejects for good an order the user's balance cannot pay (would_overdraw), and one of a blocked user", () => {
    const held = marketOf();
    const poor = userOf(LIVE, 'poor', 999n);
    const blocked = userOf(LIVE, 'blocked', 10_000n, 'blocked');
    const a = orderOf(held, poor, { limitPriceMicro: FILLS });
    const b = orderOf(held, blocked, { limitPriceMicro: FILLS });
    const state = stateOf({ markets: [held], users: [poor, blocked], orders: [a, b] });

    expect(fillOrders(state, held)).toBe(2);

    expect([a.status, a.rejectCode]).toEqual(['rejected', 'would_overdraw']);
    expect([b.status, b.rejectCode]).toEqual(['rejected', 'user_blocked']);
    expect(state.balances.posted).toEqual([]);
    expect(state.positions.changes.opened).toEqual([]);
    expect(state.events.emitted).toEqual([]);
    expect(state.orders.changes.finished).toEqual([
      { id: a.id, change: { status: 'rejected', rejectCode: 'would_overdraw' } },
      { id: b.id, change: { status: 'rejected', rejectCode: 'user_blocked' } },
    ]);
  });

  it('expires an order from its expires_at on, whatever its price', () => {
    const held = marketOf();
    const alice = userOf(LIVE, 'alice', 10_000n);
    const due = orderOf(held, alice, { limitPriceMicro: FILLS, expiresAt: NOW });
    const later = orderOf(held, alice, { limitPriceMicro: WAITS, expiresAt: new Date(NOW.getTime() + 1) });
    const state = stateOf({ markets: [held], users: [alice], orders: [due, later] });

    expect(fillOrders(state, held)).toBe(1);

    expect([due.status, later.status]).toEqual(['expired', 'open']);
    expect(state.orders.changes.finished).toEqual([{ id: due.id, change: { status: 'expired' } }]);
    expect(balanceOf(state, alice)).toBe(10_000n);
  });

  it('rejects an order the market can never fill: past its closes_at', () => {
    const held = marketOf({ closesAt: NOW });
    const alice = userOf(LIVE, 'alice', 10_000n);
    const order = orderOf(held, alice, { limitPriceMicro: FILLS });
    const state = stateOf({ markets: [held], users: [alice], orders: [order] });

    expect(fillOrders(state, held)).toBe(1);

    expect(order).toMatchObject({ status: 'rejected', rejectCode: 'validation_failed' });
    expect(balanceOf(state, alice)).toBe(10_000n);
  });

  it('keeps an order open on a suspended market (it can reopen), but still expires a due one', () => {
    const held = marketOf({ status: 'suspended' });
    const alice = userOf(LIVE, 'alice', 10_000n);
    const fillable = orderOf(held, alice, { limitPriceMicro: FILLS });
    const due = orderOf(held, alice, { expiresAt: NOW });
    const state = stateOf({ markets: [held], users: [alice], orders: [fillable, due] });

    expect(fillOrders(state, held)).toBe(1);

    expect([fillable.status, due.status]).toEqual(['open', 'expired']);
  });

  it("rejects for good, with no event, a fill that would pass the player's limit, and one of a player on a break", () => {
    const held = marketOf();
    const limited = userOf(LIVE, 'limited', 10_000n);
    const resting = userOf(LIVE, 'resting', 10_000n);
    const a = orderOf(held, limited, { limitPriceMicro: FILLS });
    const b = orderOf(held, resting, { limitPriceMicro: FILLS });
    const state = stateOf({
      markets: [held],
      users: [limited, resting],
      orders: [a, b],
      limits: [
        [limited, { ...NO_LIMITS, stake_per_week: { limit: 999n, pending: null } }],
        [resting, { ...NO_LIMITS, excludedUntil: new Date(NOW.getTime() + 60_000) }],
      ],
    });

    expect(fillOrders(state, held)).toBe(2);

    expect([a.status, a.rejectCode]).toEqual(['rejected', 'user_limit_reached']);
    expect([b.status, b.rejectCode]).toEqual(['rejected', 'user_excluded']);
    expect(state.balances.posted).toEqual([]);
    expect(state.events.emitted).toEqual([]);
  });

  it("counts a fill against the player's limit like an open: the next fill that would pass it is rejected", () => {
    const held = marketOf();
    const alice = userOf(LIVE, 'alice', 10_000n);
    const first = orderOf(held, alice, { limitPriceMicro: 999_999n });
    const second = orderOf(held, alice, { limitPriceMicro: 999_999n });
    const limits = { ...NO_LIMITS, stake_per_day: { limit: 1_500n, pending: null } };
    const state = stateOf({ markets: [held], users: [alice], orders: [first, second], limits: [[alice, limits]] });

    fillOrders(state, held);

    expect(first.status).toBe('filled');
    expect([second.status, second.rejectCode]).toEqual(['rejected', 'user_limit_reached']);
  });

  it('rejects an order whose market was disabled for its tenant after placement', () => {
    const held = marketOf({}, [OTHER_LIVE.tenantId]);
    const alice = userOf(LIVE, 'alice', 10_000n);
    const order = orderOf(held, alice, { limitPriceMicro: FILLS });
    const state = stateOf({ markets: [held], users: [alice], orders: [order] });

    expect(fillOrders(state, held)).toBe(1);

    expect(order).toMatchObject({ status: 'rejected', rejectCode: 'validation_failed' });
    expect(state.balances.posted).toEqual([]);
  });

  const pauses: { name: string; paused: OpeningsPaused }[] = [
    { name: 'the global positions kill switch', paused: { all: true, tenants: new Set() } },
    { name: "a pause of the order's tenant", paused: { all: false, tenants: new Set([TENANT_ID]) } },
  ];
  for (const { name, paused } of pauses) {
    it(`keeps a fillable order open under ${name}, but lets expiry happen`, () => {
      const held = marketOf();
      const alice = userOf(LIVE, 'alice', 10_000n);
      const fillable = orderOf(held, alice, { limitPriceMicro: FILLS });
      const due = orderOf(held, alice, { limitPriceMicro: FILLS, expiresAt: NOW });
      const state = stateOf({ markets: [held], users: [alice], orders: [fillable, due], paused });

      expect(fillOrders(state, held)).toBe(1);

      expect([fillable.status, due.status]).toEqual(['open', 'expired']);
      expect(balanceOf(state, alice)).toBe(10_000n);
      expect(state.positions.changes.opened).toEqual([]);
      expect(state.events.emitted).toEqual([]);
    });
  }

  it("fills under another tenant's pause", () => {
    const held = marketOf();
    const alice = userOf(LIVE, 'alice', 10_000n);
    const order = orderOf(held, alice, { limitPriceMicro: FILLS });
    const paused = { all: false, tenants: new Set([OTHER_LIVE.tenantId]) };
    const state = stateOf({ markets: [held], users: [alice], orders: [order], paused });

    expect(fillOrders(state, held)).toBe(1);

    expect(order.status).toBe('filled');
  });

  it('keeps open an order whose user the round did not lock, and goes on to the orders behind it', () => {
    const held = marketOf();
    const carol = userOf(LIVE, 'carol', 10_000n);
    const alice = userOf(LIVE, 'alice', 10_000n);
    const unlocked = orderOf(held, carol, { limitPriceMicro: FILLS });
    const behind = orderOf(held, alice, { limitPriceMicro: FILLS });
    // carol is not among the round's users.
    const state = stateOf({ markets: [held], users: [alice], orders: [unlocked, behind] });

    expect(fillOrders(state, held)).toBe(1);

    expect([unlocked.status, behind.status]).toEqual(['open', 'filled']);
    expect(state.positions.changes.opened).toMatchObject([{ userId: alice.id, orderId: behind.id }]);
  });

  it('keeps open a sandbox order the bound refuses, for the next move, and fills the ones behind it', () => {
    const held = marketOf({ sandboxBound: BOUND_1_SHARE });
    const alice = userOf(SANDBOX, 'alice', 10_000n);
    // 10.00 buys 19 shares: past the 1-share spread; 0.50 buys 0.99751243 share, which fits.
    const tooLarge = orderOf(held, alice, { limitPriceMicro: FILLS });
    const small = orderOf(held, alice, { stake: 50n, limitPriceMicro: FILLS });
    const state = stateOf({ markets: [held], users: [alice], orders: [tooLarge, small] });

    expect(fillOrders(state, held)).toBe(1);

    expect([tooLarge.status, small.status]).toEqual(['open', 'filled']);
    expect(held.market.qSandbox).toEqual([99_751_243n, 0n]);
    expect(state.positions.dayShares(TENANT_ID, held.market.id)).toBe(99_751_243n);
    expect(balanceOf(state, alice)).toBe(9_950n);
    // Evaluated again at the same state, it still waits, without looping.
    expect(fillOrders(state, held)).toBe(0);
    expect(tooLarge.status).toBe('open');
  });

  it('looks at each sandbox order parked at a used-up day once before a fill and once after, and fills the live order behind them', () => {
    const held = marketOf({ sandboxBound: BOUND_1_SHARE });
    const alice = userOf(SANDBOX, 'alice', 1_000_000n);
    const bob = userOf(LIVE, 'bob', 10_000n);
    const parked = Array.from({ length: 300 }, () => orderOf(held, alice, { stake: 50n, limitPriceMicro: FILLS }));
    const live = orderOf(held, bob, { limitPriceMicro: FILLS });
    const state = stateOf({
      markets: [held],
      users: [alice, bob],
      orders: [...parked, live],
      // The day's budget (ten times the 1-share bound) used up.
      sandboxDay: [[TENANT_ID, held, 1_000_000_000n]],
    });
    let decided = 0;
    const decide = state.opener.decide.bind(state.opener);
    state.opener.decide = (...args) => ((decided += 1), decide(...args));

    expect(fillOrders(state, held)).toBe(1);

    expect(live.status).toBe('filled');
    expect(parked.every((o) => o.status === 'open')).toBe(true);
    // One scan up to the live order, one after its fill: each order asked once a scan, not once a step.
    expect(decided).toBe(2 * parked.length + 1);
  });

  it("evaluates only the market's own orders", () => {
    const held = marketOf();
    const other = marketOf();
    const alice = userOf(LIVE, 'alice', 10_000n);
    const elsewhere = orderOf(other, alice, { limitPriceMicro: FILLS, outcomeId: NO });
    const state = stateOf({ markets: [held, other], users: [alice], orders: [elsewhere] });

    expect(fillOrders(state, held)).toBe(0);

    expect(elsewhere.status).toBe('open');
    expect(other.market.q).toEqual([0, 0]);
  });
});
