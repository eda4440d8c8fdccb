import { describe, expect, it } from 'vitest';
import {
  askedBy,
  balanceOf,
  bodyOf,
  BOUND_1_SHARE,
  footprint,
  LIVE,
  marketOf,
  NO,
  NOW,
  orderOf,
  OTHER_LIVE,
  positionOf,
  postedFor,
  SANDBOX,
  stateOf,
  TENANT_ID,
  userOf,
  writeParts,
  YES,
  type Asker,
} from '../../../test/in-memory-round.js';
import type { TenantEnv } from '../context.js';
import type { MarketForTrade } from '../markets/index.js';
import { MAX_BALANCE_MINOR } from '../ledger/model/balance.js';
import type { PositionRow } from '../positions/index.js';
import { closeHandler, type CloseInput } from './close-position.js';

/**
 * A position of 10.00 on YES bought at even prices on b = 100: 19.09028289 shares at 0.523827, which
 * left q at [19.09028289, 0]. Selling them back there pays 9.99 at 0.523302 (quotes.ts rounds for the house).
 */
const SHARES = 1_909_028_289n;
const PAYOUT = 999n;
const CLOSE_PRICE = 523_302n;
const FIELDS = { min_price: '0.5' };

const asked = (scope: TenantEnv, asker: Asker = 'api_key') => askedBy(scope, asker, { key: 'key-1', fields: FIELDS });

/** The market after the position's open, the user, and the position, as the close's round locked them. */
function setup(
  options: {
    market?: Partial<MarketForTrade>;
    tenantIds?: string[];
    scope?: TenantEnv;
    status?: 'active' | 'blocked';
    balance?: bigint;
    position?: Partial<PositionRow>;
  } = {},
) {
  const scope = options.scope ?? LIVE;
  const held = marketOf({ q: [Number(SHARES) / 1e8, 0], ...options.market }, options.tenantIds);
  const alice = userOf(scope, 'alice', options.balance ?? 9_000n, options.status);
  const position = positionOf(held, alice, {
    stake: 1_000n,
    shares: SHARES,
    priceMicro: 523_827n,
    ...options.position,
  });
  const state = stateOf({
    markets: [held],
    users: [alice],
    positions: [position],
    openStakes: [[alice, held, 1_000n]],
  });
  return { held, alice, position, state };
}

function closeOf(position: PositionRow, minPriceMicro = 500_000n): CloseInput {
  return {
    positionId: position.id,
    position: { marketId: position.marketId, marketSlug: position.marketSlug, externalUserId: position.externalUserId },
    minPriceMicro,
  };
}

describe('closeHandler.needs', () => {
  it("locks the position's market by id and slug, its user and the position itself", () => {
    const { position, held } = setup();
    expect(closeHandler.route?.operation).toBe('position_close');
    expect(closeHandler.needs(closeOf(position), asked(LIVE))).toEqual({
      market: { id: held.market.id, slug: held.market.slug },
      user: { scope: LIVE, externalUserId: 'alice' },
      positionId: position.id,
      trades: true,
    });
  });

  it('locks nothing for a position the asker may not see', () => {
    expect(closeHandler.needs({ positionId: TENANT_ID, position: null, minPriceMicro: 0n }, asked(LIVE))).toEqual({
      trades: false,
    });
  });
});

describe('closeHandler.apply, a close', () => {
  it('pays out, moves q back and drops the open stake; by the API key, no event', () => {
    const { held, alice, position, state } = setup();

    const applied = closeHandler.apply(state, closeOf(position), asked(LIVE));

    expect(applied.spend).toBe(true);
    expect(applied.answer.status).toBe(200);
    const body = bodyOf(applied.answer);
    expect(body).toMatchObject({
      id: position.id,
      external_user_id: 'alice',
      state: 'closed',
      stake: '10.00',
      shares: '19.09028289',
      price: '0.523827',
      payout: '9.99',
      close_price: '0.523302',
      open_transaction_id: position.openTransactionId,
      closed_at: NOW.toISOString(),
    });
    expect(balanceOf(state, alice)).toBe(9_999n);
    expect(state.balances.posted).toEqual([
      {
        scope: LIVE,
        id: body.settlement_transaction_id,
        userId: alice.id,
        entryType: 'position_close_credit',
        amount: PAYOUT,
        balanceAfter: 9_999n,
        reversesTransactionId: null,
        positionId: position.id,
      },
    ]);
    expect(postedFor(state, alice)).toBe(PAYOUT);
    expect(state.positions.changes.closed).toEqual([
      {
        id: position.id,
        payout: PAYOUT,
        closePriceMicro: CLOSE_PRICE,
        transactionId: body.settlement_transaction_id,
        via: 'api_key',
      },
    ]);
    expect(state.positions.get(position.id)).toMatchObject({ state: 'closed', payout: PAYOUT, closedAt: NOW });
    expect(held.market.q).toEqual([0, 0]);
    expect(state.positions.openStake(alice.id, held.market.id)).toBe(0n);
    expect(held.market.qSandbox).toEqual([0n, 0n]);
    expect(state.events.emitted).toEqual([]);
    expect(state.positions.changes.rejected).toEqual([]);
  });

  it('closes by a session and tells the operator: position.closed with the payout', () => {
    const { held, position, state } = setup();

    const applied = closeHandler.apply(state, closeOf(position), asked(LIVE, { session: 'alice' }));

    const body = bodyOf(applied.answer);
    expect(state.positions.changes.closed).toMatchObject([{ id: position.id, via: 'session' }]);
    expect(state.events.emitted).toEqual([
      {
        scope: LIVE,
        type: 'position.closed',
        data: {
          position_id: position.id,
          external_user_id: 'alice',
          market_slug: held.market.slug,
          outcome_id: YES,
          payout: '9.99',
          close_price: '0.523302',
          settlement_transaction_id: body.settlement_transaction_id,
        },
      },
    ]);
  });

  it('closes at a min_price exactly at the quote', () => {
    const { alice, position, state } = setup();

    const applied = closeHandler.apply(state, closeOf(position, CLOSE_PRICE), asked(LIVE));

    expect(applied.answer.status).toBe(200);
    expect(balanceOf(state, alice)).toBe(9_999n);
  });

  it('moves the sandbox shares back and counts the close toward the day; the bound never refuses a close', () => {
    // The sandbox positions hold more than the bound allows now (the platform lowered it): a close still goes.
    const { held, position, state } = setup({
      scope: SANDBOX,
      market: { sandboxBound: BOUND_1_SHARE, qSandbox: [SHARES + 500_000_000n, 0n] },
    });

    const applied = closeHandler.apply(state, closeOf(position), asked(SANDBOX));

    expect(applied.answer.status).toBe(200);
    expect(held.market.qSandbox).toEqual([500_000_000n, 0n]);
    expect(state.positions.dayShares(TENANT_ID, held.market.id)).toBe(SHARES);
  });

  it("fills an order the close's move brought within its limit", () => {
    const { held, alice, position } = setup();
    const bob = userOf(LIVE, 'bob', 5_000n);
    // At q = [19.09, 0], 10.00 on YES costs more than 0.53; after the close it costs 0.523827 again.
    const order = orderOf(held, bob, { outcomeId: YES, limitPriceMicro: 530_000n });
    const state = stateOf({ markets: [held], users: [alice, bob], positions: [position], orders: [order] });

    closeHandler.apply(state, closeOf(position), asked(LIVE));

    expect(order).toMatchObject({ status: 'filled', fillPriceMicro: 523_827n });
    expect(balanceOf(state, bob)).toBe(4_000n);
    expect(state.positions.changes.opened).toMatchObject([{ userId: bob.id, openedVia: 'order', orderId: order.id }]);
    expect(state.events.emitted.map((e) => e.type)).toEqual(['order.filled']);
    expect(held.market.q).toEqual([Number(SHARES) / 1e8, 0]);
  });
});

describe('closeHandler.apply, a refusal', () => {
  function expectRefused(
    state: ReturnType<typeof setup>['state'],
    applied: ReturnType<typeof closeHandler.apply>,
    expected: { status: number; error: string },
    position: PositionRow,
  ) {
    expect(applied.spend).toBe(false);
    expect(applied.answer.status).toBe(expected.status);
    expect(bodyOf(applied.answer).error).toBe(expected.error);
    expect(state.positions.changes.rejected).toEqual([
      {
        scope: LIVE,
        externalUserId: 'alice',
        action: 'close',
        positionId: position.id,
        code: expected.error,
        request: FIELDS,
      },
    ]);
    expect(writeParts(state)).toBe(1);
  }

  it('refuses a min_price above the quote as price_moved and changes nothing', () => {
    const { held, alice, position, state } = setup();
    const before = footprint(state, [alice], [held]);

    const applied = closeHandler.apply(state, closeOf(position, CLOSE_PRICE + 1n), asked(LIVE));

    expectRefused(state, applied, { status: 409, error: 'price_moved' }, position);
    expect(bodyOf(applied.answer).message).toBe(
      'The price moved to 0.523302; nothing was applied. Re-quote and retry with a new key.',
    );
    expect(footprint(state, [alice], [held])).toEqual(before);
    expect(state.positions.get(position.id)!.state).toBe('open');
  });

  it('refuses a position that is not open as position_terminal', () => {
    const { held, alice, position, state } = setup({ position: { state: 'settled_win' } });
    const before = footprint(state, [alice], [held]);

    const applied = closeHandler.apply(state, closeOf(position), asked(LIVE));

    expectRefused(state, applied, { status: 409, error: 'position_terminal' }, position);
    expect(bodyOf(applied.answer).message).toBe('The position is settled_win; only an open position can be closed.');
    expect(footprint(state, [alice], [held])).toEqual(before);
  });

  it('refuses the second close of a position in the same round as position_terminal', () => {
    const { alice, position, state } = setup();

    const first = closeHandler.apply(state, closeOf(position), asked(LIVE));
    const second = closeHandler.apply(state, closeOf(position), asked(LIVE));

    expect([first.answer.status, second.answer.status]).toEqual([200, 409]);
    expect(bodyOf(second.answer).error).toBe('position_terminal');
    expect(balanceOf(state, alice)).toBe(9_999n);
    expect(state.balances.posted).toHaveLength(1);
  });

  const others: { name: string; options: Parameters<typeof setup>[0]; status: number; error: string }[] = [
    { name: 'a blocked user', options: { status: 'blocked' }, status: 403, error: 'user_blocked' },
    {
      name: 'a suspended market',
      options: { market: { status: 'suspended' } },
      status: 409,
      error: 'market_suspended',
    },
    { name: 'a resolved market', options: { market: { status: 'resolved' } }, status: 400, error: 'validation_failed' },
    {
      name: 'a market no longer enabled for the tenant',
      options: { tenantIds: [OTHER_LIVE.tenantId] },
      status: 400,
      error: 'validation_failed',
    },
    {
      name: 'proceeds past the largest balance the ledger holds',
      options: { balance: MAX_BALANCE_MINOR - 100n },
      status: 400,
      error: 'validation_failed',
    },
  ];
  for (const other of others) {
    it(`refuses ${other.name}, changing nothing but the refused attempt`, () => {
      const { held, alice, position, state } = setup(other.options);
      const before = footprint(state, [alice], [held]);

      const applied = closeHandler.apply(state, closeOf(position), asked(LIVE));

      expectRefused(state, applied, other, position);
      expect(footprint(state, [alice], [held])).toEqual(before);
    });
  }

  it('answers not_found for a position the asker may not see, records nothing and gives the key back', () => {
    const { held, alice, position, state } = setup();
    const before = footprint(state, [alice], [held]);

    const applied = closeHandler.apply(state, { ...closeOf(position), position: null }, asked(LIVE));

    expect(applied.spend).toBe(false);
    expect(applied.answer.status).toBe(404);
    expect(bodyOf(applied.answer)).toMatchObject({ error: 'not_found', message: `No position ${position.id}.` });
    expect(footprint(state, [alice], [held])).toEqual(before);
    expect(state.positions.changes.rejected).toEqual([]);
    expect(writeParts(state)).toBe(0);
  });

  it('answers not_found, recorded, for a position the round did not lock', () => {
    const { alice, position } = setup();
    const held = marketOf();
    const state = stateOf({ markets: [held], users: [alice] });

    const applied = closeHandler.apply(state, closeOf(position), asked(LIVE));

    expectRefused(state, applied, { status: 404, error: 'not_found' }, position);
    expect(balanceOf(state, alice)).toBe(9_000n);
  });

  it('leaves orders alone when the close is refused', () => {
    const { held, alice, position } = setup();
    const bob = userOf(LIVE, 'bob', 5_000n);
    const stale = orderOf(held, bob, { outcomeId: NO, expiresAt: NOW });
    const state = stateOf({ markets: [held], users: [alice, bob], positions: [position], orders: [stale] });

    closeHandler.apply(state, closeOf(position, 900_000n), asked(LIVE));

    expect(stale.status).toBe('open');
  });
});
