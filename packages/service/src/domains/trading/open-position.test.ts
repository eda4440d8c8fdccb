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
import type { HeldMarket } from '../markets/index.js';
import { NO_LIMITS, type PlayerLimits, type StakeUse } from '../player-limits/index.js';
import { quoteOpen } from '../markets/model/quotes.js';
import { openHandler, type OpenInput } from './open-position.js';

/**
 * At even prices on b = 100, 10.00 on an outcome buys 19.09028289 shares at 0.523827 (quotes.ts): the
 * numbers below are the market maker's, checked by its own tests; these tests check what the handler
 * does with them.
 */
const SHARES_FOR_10 = 1_909_028_289n;
const PRICE_FOR_10 = 523_827n;

const FIELDS = { market_slug: 'from-the-request', stake: '10.00' };

function openIn(held: HeldMarket, overrides: Partial<OpenInput> = {}): OpenInput {
  return {
    externalUserId: 'alice',
    marketSlug: held.market.slug,
    outcomeId: YES,
    stake: 1_000n,
    maxPriceMicro: 600_000n,
    ...overrides,
  };
}

const IN_A_DAY = new Date(NOW.getTime() + 24 * 3_600_000);
const EARLIER = new Date(NOW.getTime() - 3 * 3_600_000);
/** What a player staked: `used` in every window, the earliest of it at `earliest`. */
const dayUse = (used: bigint, earliest: Date): StakeUse => ({
  stake_per_day: { used, earliest },
  stake_per_week: { used, earliest },
  stake_per_month: { used, earliest },
});

const asked = (scope: TenantEnv, asker: Asker = 'api_key') => askedBy(scope, asker, { key: 'key-1', fields: FIELDS });

describe('openHandler.needs', () => {
  it('locks the market by slug and the acting user, and reads the open stakes (it trades)', () => {
    const held = marketOf();
    expect(openHandler.route?.operation).toBe('position_open');
    expect(openHandler.needs(openIn(held), asked(LIVE))).toEqual({
      market: { slug: held.market.slug },
      user: { scope: LIVE, externalUserId: 'alice' },
      trades: true,
    });
    expect(openHandler.needs(openIn(held, { externalUserId: undefined }), asked(LIVE, { session: 'bob' }))).toEqual({
      market: { slug: held.market.slug },
      user: { scope: LIVE, externalUserId: 'bob' },
      trades: true,
    });
  });

  it('locks nothing for a session naming another user: it is refused before any lock', () => {
    expect(openHandler.needs(openIn(marketOf()), asked(LIVE, { session: 'bob' }))).toEqual({ trades: false });
  });
});

describe('openHandler.apply, an open', () => {
  it('opens by the API key: debits the stake, opens the position, moves q, grows the open stake; no event', () => {
    const held = marketOf();
    const alice = userOf(LIVE, 'alice', 10_000n);
    const state = stateOf({ markets: [held], users: [alice], openStakes: [[alice, held, 2_000n]] });

    const applied = openHandler.apply(state, openIn(held), asked(LIVE));

    expect(applied.spend).toBe(true);
    expect(applied.answer.status).toBe(201);
    const body = bodyOf(applied.answer);
    expect(body).toMatchObject({
      external_user_id: 'alice',
      market_slug: held.market.slug,
      outcome_id: YES,
      state: 'open',
      stake: '10.00',
      shares: '19.09028289',
      price: '0.523827',
      payout: null,
      close_price: null,
      settlement_transaction_id: null,
      opened_at: NOW.toISOString(),
      closed_at: null,
    });
    expect(balanceOf(state, alice)).toBe(9_000n);
    expect(state.balances.posted).toEqual([
      {
        scope: LIVE,
        id: body.open_transaction_id,
        userId: alice.id,
        entryType: 'position_open_debit',
        amount: -1_000n,
        balanceAfter: 9_000n,
        reversesTransactionId: null,
        positionId: body.id,
      },
    ]);
    expect(state.positions.changes.opened).toEqual([
      {
        scope: LIVE,
        id: body.id,
        userId: alice.id,
        marketId: held.market.id,
        outcomeId: YES,
        stake: 1_000n,
        shares: SHARES_FOR_10,
        priceMicro: PRICE_FOR_10,
        openTransactionId: body.open_transaction_id,
        openedVia: 'api_key',
        orderId: null,
      },
    ]);
    expect(held.market.q).toEqual([Number(SHARES_FOR_10) / 1e8, 0]);
    expect(state.positions.openStake(alice.id, held.market.id)).toBe(3_000n);
    // A live trade never moves the sandbox shares.
    expect(held.market.qSandbox).toEqual([0n, 0n]);
    expect(state.positions.dayShares(TENANT_ID, held.market.id)).toBe(0n);
    expect(state.events.emitted).toEqual([]);
    expect(state.positions.changes.rejected).toEqual([]);
    expect(postedFor(state, alice)).toBe(9_000n - alice.balance);
  });

  it("opens by a session and tells the operator: position.opened with the position's fields", () => {
    const held = marketOf();
    const alice = userOf(LIVE, 'alice', 10_000n);
    const state = stateOf({ markets: [held], users: [alice] });

    const applied = openHandler.apply(
      state,
      openIn(held, { externalUserId: undefined }),
      asked(LIVE, { session: 'alice' }),
    );

    expect(applied.answer.status).toBe(201);
    const body = bodyOf(applied.answer);
    expect(state.positions.changes.opened).toMatchObject([{ id: body.id, openedVia: 'session', orderId: null }]);
    expect(state.events.emitted).toEqual([
      {
        scope: LIVE,
        type: 'position.opened',
        data: {
          position_id: body.id,
          external_user_id: 'alice',
          market_slug: held.market.slug,
          outcome_id: YES,
          stake: '10.00',
          price: '0.523827',
          open_transaction_id: body.open_transaction_id,
        },
      },
    ]);
    expect(balanceOf(state, alice)).toBe(9_000n);
  });

  it('judges a second open against the balance, q and open stake the first left', () => {
    const held = marketOf({ maxOpenStakePerUser: 1_500n });
    const alice = userOf(LIVE, 'alice', 10_000n);
    const state = stateOf({ markets: [held], users: [alice] });

    const first = openHandler.apply(state, openIn(held), asked(LIVE));
    const second = openHandler.apply(state, openIn(held, { stake: 600n }), asked(LIVE));

    expect(first.answer.status).toBe(201);
    expect(second.answer.status).toBe(409);
    expect(bodyOf(second.answer)).toMatchObject({ error: 'stake_limit_exceeded', details: { remaining: '5.00' } });
    expect(balanceOf(state, alice)).toBe(9_000n);
  });
});

describe('openHandler.apply, a refusal', () => {
  /**
   * Each refused open: its answer and code, no key spent, one refused attempt recorded with the request's
   * fields, and nothing else of the round changed.
   */
  const refusals: {
    name: string;
    market?: Parameters<typeof marketOf>;
    balance?: bigint;
    status?: 'active' | 'blocked';
    openStake?: bigint;
    limits?: PlayerLimits;
    staked?: StakeUse;
    input?: Partial<OpenInput>;
    expected: { status: number; error: string; details?: Record<string, unknown>; message?: string };
  }[] = [
    {
      name: 'a suspended market',
      market: [{ status: 'suspended' }],
      expected: { status: 409, error: 'market_suspended' },
    },
    {
      name: 'a resolved market',
      market: [{ status: 'resolved' }],
      expected: { status: 400, error: 'validation_failed', message: 'The market is resolved.' },
    },
    {
      name: 'a market past its closes_at',
      market: [{ closesAt: NOW }],
      expected: { status: 400, error: 'validation_failed', message: 'The market has closed for trading.' },
    },
    {
      name: 'an outcome the market does not have',
      input: { outcomeId: TENANT_ID },
      expected: { status: 400, error: 'validation_failed' },
    },
    {
      name: 'an unknown user',
      input: { externalUserId: 'nobody' },
      expected: { status: 404, error: 'unknown_user', message: 'No user "nobody" is registered.' },
    },
    { name: 'a blocked user', status: 'blocked', expected: { status: 403, error: 'user_blocked' } },
    {
      name: 'a stake over the per-user cap, naming what still fits',
      market: [{ maxOpenStakePerUser: 5_000n }],
      openStake: 4_500n,
      expected: { status: 409, error: 'stake_limit_exceeded', details: { remaining: '5.00' } },
    },
    {
      name: 'a stake over the per-position cap',
      market: [{ maxStakePerPosition: 999n }],
      expected: { status: 409, error: 'stake_limit_exceeded', details: { remaining: '9.99' } },
    },
    {
      name: 'a price above max_price',
      input: { maxPriceMicro: PRICE_FOR_10 - 1n },
      expected: {
        status: 409,
        error: 'price_moved',
        message: 'The price moved to 0.523827; nothing was applied. Re-quote and retry with a new key.',
      },
    },
    {
      name: 'a stake over the balance',
      balance: 999n,
      expected: {
        status: 409,
        error: 'would_overdraw',
        message: 'The stake is above the balance of 9.99; nothing was applied.',
      },
    },
    {
      name: 'a user on a break, naming its end',
      limits: { ...NO_LIMITS, excludedUntil: IN_A_DAY },
      expected: { status: 403, error: 'user_excluded', details: { excluded_until: IN_A_DAY.toISOString() } },
    },
    {
      name: "a stake over the player's daily limit, naming what fits and when more frees",
      limits: { ...NO_LIMITS, stake_per_day: { limit: 3_000n, pending: null } },
      staked: dayUse(2_500n, EARLIER),
      expected: {
        status: 409,
        error: 'user_limit_reached',
        details: { limit: 'stake_per_day', remaining: '5.00', resets_at: '2030-01-16T09:00:00.000Z' },
      },
    },
    {
      name: 'a user on a break before a suspended market, and a blocked user before both',
      market: [{ status: 'suspended' }],
      limits: { ...NO_LIMITS, excludedUntil: IN_A_DAY },
      expected: { status: 403, error: 'user_excluded' },
    },
    {
      name: 'a blocked user on a break',
      status: 'blocked',
      limits: { ...NO_LIMITS, excludedUntil: IN_A_DAY },
      expected: { status: 403, error: 'user_blocked' },
    },
    {
      name: "the stake caps before the player's limit",
      market: [{ maxStakePerPosition: 999n }],
      limits: { ...NO_LIMITS, stake_per_week: { limit: 0n, pending: null } },
      expected: { status: 409, error: 'stake_limit_exceeded' },
    },
    {
      name: "the player's limit before the balance",
      balance: 999n,
      limits: { ...NO_LIMITS, stake_per_month: { limit: 0n, pending: null } },
      expected: {
        status: 409,
        error: 'user_limit_reached',
        details: { limit: 'stake_per_month', remaining: '0.00', resets_at: null },
      },
    },
    {
      name: 'the balance before the price',
      balance: 999n,
      input: { maxPriceMicro: PRICE_FOR_10 - 1n },
      expected: { status: 409, error: 'would_overdraw' },
    },
    {
      name: 'a market not enabled for the tenant',
      market: [{}, [OTHER_LIVE.tenantId]],
      expected: { status: 400, error: 'validation_failed', message: 'is available to this tenant.' },
    },
    {
      name: "another tenant's sandbox test market, traded live",
      market: [{ ownerTenantId: TENANT_ID }],
      expected: { status: 400, error: 'validation_failed', message: 'is available to this tenant.' },
    },
    {
      name: 'a market the round does not hold',
      input: { marketSlug: 'no-such-market' },
      expected: { status: 400, error: 'validation_failed', message: 'No market "no-such-market" is available' },
    },
  ];

  for (const refusal of refusals) {
    it(`refuses ${refusal.name}, changing nothing but the refused attempt`, () => {
      const held = marketOf(...(refusal.market ?? []));
      const alice = userOf(LIVE, 'alice', refusal.balance ?? 10_000n, refusal.status);
      const state = stateOf({
        markets: [held],
        users: [alice],
        openStakes: refusal.openStake === undefined ? [] : [[alice, held, refusal.openStake]],
        limits: refusal.limits ? [[alice, refusal.limits]] : [],
        stakeUse: refusal.staked ? [[alice, refusal.staked]] : [],
      });
      const before = footprint(state, [alice], [held]);
      const input = openIn(held, refusal.input);

      const applied = openHandler.apply(state, input, asked(LIVE));

      expect(applied.spend).toBe(false);
      expect(applied.answer.status).toBe(refusal.expected.status);
      const body = bodyOf(applied.answer);
      expect(body.error).toBe(refusal.expected.error);
      if (refusal.expected.details) expect(body.details).toEqual(refusal.expected.details);
      if (refusal.expected.message) expect(body.message).toContain(refusal.expected.message);
      expect(footprint(state, [alice], [held])).toEqual(before);
      expect(state.positions.changes.rejected).toEqual([
        {
          scope: LIVE,
          externalUserId: input.externalUserId,
          action: 'open',
          positionId: null,
          code: refusal.expected.error,
          request: FIELDS,
        },
      ]);
      // The refused attempt is all the round writes.
      expect(writeParts(state)).toBe(1);
    });
  }

  it("counts each open of the round against the player's limit, so the second that would pass it is refused", () => {
    const held = marketOf();
    const alice = userOf(LIVE, 'alice', 10_000n);
    const limits: PlayerLimits = { ...NO_LIMITS, stake_per_day: { limit: 1_500n, pending: null } };
    const state = stateOf({ markets: [held], users: [alice], limits: [[alice, limits]] });

    expect(openHandler.apply(state, openIn(held), asked(LIVE)).answer.status).toBe(201);
    const second = openHandler.apply(state, openIn(held), asked(LIVE));

    expect(bodyOf(second.answer)).toMatchObject({
      error: 'user_limit_reached',
      details: { limit: 'stake_per_day', remaining: '5.00', resets_at: '2030-01-16T12:00:00.000Z' },
    });
    expect(openHandler.apply(state, openIn(held, { stake: 500n }), asked(LIVE)).answer.status).toBe(201);
  });

  it('refuses a session naming another user, records nothing (nothing was locked) and gives the key back', () => {
    const held = marketOf();
    const alice = userOf(LIVE, 'alice', 10_000n);
    const bob = userOf(LIVE, 'bob', 10_000n);
    const state = stateOf({ markets: [held], users: [alice, bob] });
    const before = footprint(state, [alice, bob], [held]);

    const applied = openHandler.apply(
      state,
      openIn(held, { externalUserId: 'alice' }),
      asked(LIVE, { session: 'bob' }),
    );

    expect(applied.spend).toBe(false);
    expect(applied.answer.status).toBe(400);
    expect(bodyOf(applied.answer)).toMatchObject({
      error: 'validation_failed',
      message: 'A session acts only for its own user; leave external_user_id out.',
    });
    expect(footprint(state, [alice, bob], [held])).toEqual(before);
    expect(state.positions.changes.rejected).toEqual([]);
    expect(writeParts(state)).toBe(0);
  });

  it("does not evaluate the market's orders after a refused open", () => {
    const held = marketOf();
    const alice = userOf(LIVE, 'alice', 999n);
    const bob = userOf(LIVE, 'bob', 10_000n);
    // Expired already: any evaluation of the market would end it.
    const stale = orderOf(held, bob, { expiresAt: NOW });
    const state = stateOf({ markets: [held], users: [alice, bob], orders: [stale] });

    openHandler.apply(state, openIn(held), asked(LIVE));

    expect(stale.status).toBe('open');
    expect(state.orders.changes.finished).toEqual([]);
  });
});

describe('openHandler.apply, the sandbox bound on a shared market', () => {
  const bounded = () => marketOf({ sandboxBound: BOUND_1_SHARE });

  it('refuses a sandbox open past the bound with sandbox_limit_reached and the largest stake that fits', () => {
    const held = bounded();
    const alice = userOf(SANDBOX, 'alice', 10_000n);
    const state = stateOf({ markets: [held], users: [alice] });
    const before = footprint(state, [alice], [held]);

    const applied = openHandler.apply(state, openIn(held), asked(SANDBOX));

    expect(applied.spend).toBe(false);
    expect(applied.answer.status).toBe(409);
    const body = bodyOf(applied.answer);
    expect(body).toMatchObject({ error: 'sandbox_limit_reached', details: { remaining: '0.50' } });
    // 0.50 buys at most the 1 share the spread allows; 0.51 buys more.
    const shares = (stake: bigint) => {
      const quote = quoteOpen([0, 0], 100, 0, stake);
      return quote.ok ? quote.shares : null;
    };
    expect(shares(50n)).toBeLessThanOrEqual(100_000_000n);
    expect(shares(51n)).toBeGreaterThan(100_000_000n);
    expect(footprint(state, [alice], [held])).toEqual(before);
    expect(state.positions.changes.rejected).toMatchObject([{ code: 'sandbox_limit_reached', action: 'open' }]);
  });

  it('moves q, the sandbox shares and the day when a sandbox open fits', () => {
    const held = bounded();
    const alice = userOf(SANDBOX, 'alice', 10_000n);
    const state = stateOf({ markets: [held], users: [alice], sandboxDay: [[TENANT_ID, held, 1_000n]] });

    const applied = openHandler.apply(state, openIn(held, { stake: 50n }), asked(SANDBOX));

    expect(applied.answer.status).toBe(201);
    const shares = 99_751_243n;
    expect(bodyOf(applied.answer).shares).toBe('0.99751243');
    expect(held.market.q).toEqual([Number(shares) / 1e8, 0]);
    expect(held.market.qSandbox).toEqual([shares, 0n]);
    expect(state.positions.dayShares(TENANT_ID, held.market.id)).toBe(1_000n + shares);
    expect(balanceOf(state, alice)).toBe(9_950n);
  });

  it("refuses once the tenant environment's day is used up, however small the stake", () => {
    const held = bounded();
    const alice = userOf(SANDBOX, 'alice', 10_000n);
    const dayCap = 1_000_000_000n;
    const state = stateOf({ markets: [held], users: [alice], sandboxDay: [[TENANT_ID, held, dayCap]] });

    const applied = openHandler.apply(state, openIn(held, { stake: 1n }), asked(SANDBOX));

    expect(bodyOf(applied.answer)).toMatchObject({ error: 'sandbox_limit_reached', details: { remaining: '0.00' } });
    expect(held.market.qSandbox).toEqual([0n, 0n]);
    expect(state.positions.dayShares(TENANT_ID, held.market.id)).toBe(dayCap);
  });

  it('lets a live open past the bound through, without moving the sandbox shares or the day', () => {
    const held = bounded();
    const alice = userOf(LIVE, 'alice', 10_000n);
    const state = stateOf({ markets: [held], users: [alice] });

    const applied = openHandler.apply(state, openIn(held), asked(LIVE));

    expect(applied.answer.status).toBe(201);
    expect(held.market.q).toEqual([Number(SHARES_FOR_10) / 1e8, 0]);
    expect(held.market.qSandbox).toEqual([0n, 0n]);
    expect(state.positions.dayShares(TENANT_ID, held.market.id)).toBe(0n);
  });

  it("never bounds nor counts a sandbox open on the tenant's own sandbox test market", () => {
    const held = marketOf({ ownerTenantId: TENANT_ID });
    const alice = userOf(SANDBOX, 'alice', 10_000n);
    const state = stateOf({ markets: [held], users: [alice] });

    const applied = openHandler.apply(state, openIn(held), asked(SANDBOX));

    expect(applied.answer.status).toBe(201);
    expect(held.market.qSandbox).toEqual([0n, 0n]);
    expect(state.positions.dayShares(TENANT_ID, held.market.id)).toBe(0n);
  });
});

describe("openHandler.apply, the market's limit orders after an open", () => {
  /**
   * 50.00 on YES takes NO from 0.523827 to where 10.00 on NO costs 0.335878; after that fill, the next
   * 10.00 on NO costs 0.399314.
   */
  const opener = (held: HeldMarket) =>
    openIn(held, { externalUserId: 'carol', stake: 5_000n, maxPriceMicro: 700_000n });

  it('fills the orders the move reached, oldest first, each at the price the one before left', () => {
    const held = marketOf();
    const carol = userOf(LIVE, 'carol', 10_000n);
    const alice = userOf(LIVE, 'alice', 10_000n);
    const bob = userOf(LIVE, 'bob', 10_000n);
    const older = orderOf(held, alice, { outcomeId: NO, limitPriceMicro: 400_000n });
    const newer = orderOf(held, bob, { outcomeId: NO, limitPriceMicro: 400_000n });
    const state = stateOf({ markets: [held], users: [carol, alice, bob], orders: [older, newer] });

    const applied = openHandler.apply(state, opener(held), asked(LIVE));

    expect(applied.answer.status).toBe(201);
    expect([older.status, newer.status]).toEqual(['filled', 'filled']);
    expect([older.fillPriceMicro, newer.fillPriceMicro]).toEqual([335_878n, 399_314n]);
    expect(state.positions.changes.opened.map((p) => [p.userId, p.openedVia, p.orderId])).toEqual([
      [carol.id, 'api_key', null],
      [alice.id, 'order', older.id],
      [bob.id, 'order', newer.id],
    ]);
    expect(state.events.emitted.map((e) => [e.type, e.type === 'order.filled' ? e.data.order_id : null])).toEqual([
      ['order.filled', older.id],
      ['order.filled', newer.id],
    ]);
    expect(state.orders.changes.finished).toEqual([
      { id: older.id, change: { status: 'filled', fillPriceMicro: 335_878n, positionId: older.positionId } },
      { id: newer.id, change: { status: 'filled', fillPriceMicro: 399_314n, positionId: newer.positionId } },
    ]);
    expect([balanceOf(state, carol), balanceOf(state, alice), balanceOf(state, bob)]).toEqual([5_000n, 9_000n, 9_000n]);
  });

  it('leaves a newer order open when the older one, filled first, took the price past its limit', () => {
    const held = marketOf();
    const carol = userOf(LIVE, 'carol', 10_000n);
    const alice = userOf(LIVE, 'alice', 10_000n);
    const bob = userOf(LIVE, 'bob', 10_000n);
    const older = orderOf(held, bob, { outcomeId: NO, limitPriceMicro: 360_000n });
    const newer = orderOf(held, alice, { outcomeId: NO, limitPriceMicro: 360_000n });
    const state = stateOf({ markets: [held], users: [carol, alice, bob], orders: [older, newer] });

    openHandler.apply(state, opener(held), asked(LIVE));

    expect([older.status, newer.status]).toEqual(['filled', 'open']);
    expect(older.fillPriceMicro).toBe(335_878n);
    expect([balanceOf(state, bob), balanceOf(state, alice)]).toEqual([9_000n, 10_000n]);
    expect(state.events.emitted).toHaveLength(1);
  });
});
