/**
 * A round's state built in memory, for the handlers' unit tests (domains/sync/sync-handler.test.ts,
 * domains/trading/*.test.ts, domains/orders/*.test.ts): the same RoundState production applies handlers
 * to, made from rows a test writes down instead of rows a round locked, so a handler runs without a
 * database. Its context has no runtime: a handler that reached for IO would throw.
 */
import { newId } from '../src/lib/ids.js';
import type { TenantCtx, TenantEnv } from '../src/domains/context.js';
import type { Asked, CommandKey } from '../src/domains/handler.js';
import type { OpeningsPaused } from '../src/domains/kill-switches/index.js';
import type { RoundLockedUser } from '../src/domains/ledger/index.js';
import type { HeldMarket, MarketForTrade } from '../src/domains/markets/index.js';
import type { OrderView } from '../src/domains/orders/index.js';
import type { PositionRow } from '../src/domains/positions/index.js';
import type { PlayerLimits, StakeUse } from '../src/domains/player-limits/index.js';
import { RoundState, roundWorld } from '../src/write-path/round-state.js';

/** The round's time: every market below trades at it. */
export const NOW = new Date('2030-01-15T12:00:00.000Z');
const DAY_MS = 24 * 60 * 60 * 1000;

export const TENANT_ID = newId();
export const LIVE: TenantEnv = { tenantId: TENANT_ID, environment: 'live' };
export const SANDBOX: TenantEnv = { tenantId: TENANT_ID, environment: 'sandbox' };
/** Another operator: the markets below are not enabled for it unless a test says so. */
export const OTHER_LIVE: TenantEnv = { tenantId: newId(), environment: 'live' };

/** The two outcomes of every market below (ids are UUIDs: the answers' schemas check them). */
export const YES = newId();
export const NO = newId();

/** ε = 0.01 on b = 100: sandbox opens may leave a spread of 1 share, and a tenant trade 10 shares a day. */
export const BOUND_1_SHARE = { influenceMicro: 10_000n, liquidityMicro: 100_000_000n };

/**
 * An open two-outcome market with b = 100 at even prices, enabled for TENANT_ID, shared (no owner) and
 * without a sandbox bound; caps of 1,000.00 per position and 2,000.00 per user.
 */
export function marketOf(
  overrides: Partial<MarketForTrade> = {},
  tenantIds: readonly string[] = [TENANT_ID],
): HeldMarket {
  const market: MarketForTrade = {
    id: newId(),
    slug: `market-${newId().slice(0, 8)}`,
    status: 'open',
    opensAt: new Date(NOW.getTime() - DAY_MS),
    closesAt: new Date(NOW.getTime() + 30 * DAY_MS),
    maxStakePerPosition: 100_000n,
    maxOpenStakePerUser: 200_000n,
    b: 100,
    q: [0, 0],
    outcomes: [
      { id: YES, ordinal: 0, title: 'Yes' },
      { id: NO, ordinal: 1, title: 'No' },
    ],
    ownerTenantId: null,
    qSandbox: [0n, 0n],
    sandboxBound: null,
    ...overrides,
  };
  // What the round's lock reads for it (markets/round-markets.ts): each enabled tenant in both environments,
  // a test market only in the sandbox.
  const environments = market.ownerTenantId === null ? ['sandbox', 'live'] : ['sandbox'];
  const availableTo = new Set(tenantIds.flatMap((tenant) => environments.map((e) => `${tenant}/${e}`)));
  return { market, availableTo, hasOpenOrders: false };
}

export function userOf(
  scope: TenantEnv,
  externalUserId: string,
  balance: bigint,
  status: 'active' | 'blocked' = 'active',
): RoundLockedUser {
  return { id: newId(), scope, externalUserId, status, balance };
}

/** An open order of the user on the market, placed an hour before the round. */
export function orderOf(held: HeldMarket, user: RoundLockedUser, overrides: Partial<OrderView> = {}): OrderView {
  return {
    id: newId(),
    seq: 0n,
    scope: user.scope,
    marketId: held.market.id,
    externalUserId: user.externalUserId,
    marketSlug: held.market.slug,
    outcomeId: YES,
    stake: 1_000n,
    limitPriceMicro: 500_000n,
    status: 'open',
    fillPriceMicro: null,
    positionId: null,
    rejectCode: null,
    expiresAt: null,
    createdAt: new Date(NOW.getTime() - 60 * 60 * 1000),
    ...overrides,
  };
}

/** An open position of the user on the market, opened an hour before the round. */
export function positionOf(
  held: HeldMarket,
  user: RoundLockedUser,
  overrides: Partial<PositionRow> & Pick<PositionRow, 'stake' | 'shares' | 'priceMicro'>,
): PositionRow {
  return {
    seq: 0n,
    id: newId(),
    userId: user.id,
    marketId: held.market.id,
    externalUserId: user.externalUserId,
    marketSlug: held.market.slug,
    outcomeId: YES,
    state: 'open',
    payout: null,
    closePriceMicro: null,
    openTransactionId: newId(),
    settlementTransactionId: null,
    openedAt: new Date(NOW.getTime() - 60 * 60 * 1000),
    closedAt: null,
    settledAt: null,
    ...overrides,
  };
}

export interface RoundRows {
  markets?: readonly HeldMarket[];
  users?: readonly RoundLockedUser[];
  /** The markets' open orders, oldest first. */
  orders?: readonly OrderView[];
  /** The positions the round's closes locked. */
  positions?: readonly PositionRow[];
  /** Open stakes before the round, as [user, market, stake]. */
  openStakes?: readonly [RoundLockedUser, HeldMarket, bigint][];
  /** Sandbox shares traded in the last 24 hours before the round, as [tenant id, market, shares]. */
  sandboxDay?: readonly [string, HeldMarket, bigint][];
  /** Player limits as stored, and what each user staked in each window, by user. */
  limits?: readonly [RoundLockedUser, PlayerLimits][];
  stakeUse?: readonly [RoundLockedUser, StakeUse][];
  paused?: OpeningsPaused;
  now?: Date;
}

/** The round's state over these rows, exactly as round-state.ts builds it from what it locked and read. */
export function stateOf(rows: RoundRows): RoundState {
  const openStakes = new Map((rows.openStakes ?? []).map(([u, m, stake]) => [`${u.id}/${m.market.id}`, stake]));
  const sandboxDay = new Map((rows.sandboxDay ?? []).map(([t, m, shares]) => [`${t}/${m.market.id}`, shares]));
  const now = rows.now ?? NOW;
  return new RoundState(now, {
    markets: new Map((rows.markets ?? []).map((held) => [held.market.id, held])),
    orders: rows.orders ?? [],
    users: rows.users ?? [],
    positions: new Map((rows.positions ?? []).map((p) => [p.id, p])),
    figures: { openStakes, sandboxDay },
    limits: new Map((rows.limits ?? []).map(([u, limits]) => [u.id, limits])),
    stakeUse: new Map((rows.stakeUse ?? []).map(([u, use]) => [u.id, use])),
    paused: rows.paused ?? { all: false, tenants: new Set() },
  });
}

/** Anything a handler might reach for beyond the state: it must not (a handler does no IO). */
function forbidden(what: string): never {
  return new Proxy(
    {},
    {
      get(_target, property) {
        throw new Error(`a handler reached ${what}.${String(property)}; it must do no IO`);
      },
    },
  ) as never;
}

/** Who asks: the operator's API key, or the session of one user. */
export type Asker = 'api_key' | { session: string };

export function askedBy(scope: TenantEnv, asker: Asker, key: CommandKey | null = { key: 'key-1', fields: {} }): Asked {
  const actor =
    asker === 'api_key'
      ? { kind: 'operator' as const, keyId: newId() }
      : { kind: 'user' as const, externalUserId: asker.session };
  const ctx: TenantCtx = {
    runtime: forbidden('ctx.runtime'),
    db: forbidden('ctx.db'),
    log: forbidden('ctx.log'),
    now: NOW,
    actor,
    tenantEnv: scope,
    afterCommit: () => {
      throw new Error('a handler asked for work after the commit; it must do no IO');
    },
  };
  return { ctx, request: { requestId: 'req-test', source: 'unit' }, key };
}

/** The balance the round holds for the user now (the slice keeps its own copy of each user). */
export function balanceOf(state: RoundState, user: RoundLockedUser): bigint | undefined {
  return state.balances.user(user.scope, user.externalUserId)?.balance;
}

/** The sum of the amounts the round posted for the user: the ledger moves a balance by exactly that. */
export function postedFor(state: RoundState, user: RoundLockedUser): bigint {
  return state.balances.posted.filter((e) => e.userId === user.id).reduce((sum, e) => sum + e.amount, 0n);
}

/**
 * Everything a round would write, but the refused attempts (which a refused trade adds): equal before
 * and after a refusal, which changes nothing else.
 */
export function footprint(state: RoundState, users: readonly RoundLockedUser[], markets: readonly HeldMarket[]) {
  const { opened, closed } = state.positions.changes;
  return {
    balances: users.map((u) => balanceOf(state, u)),
    posted: [...state.balances.posted],
    markets: markets.map(({ market }) => {
      const held = state.markets.get(market.id)!.market;
      return { q: [...held.q], qSandbox: [...held.qSandbox] };
    }),
    openStakes: users.flatMap((u) => markets.map((m) => state.positions.openStake(u.id, m.market.id))),
    staked: users.map((u) => state.limits.of(u.id).use),
    dayShares: markets.map((m) => state.positions.dayShares(TENANT_ID, m.market.id)),
    opened: [...opened],
    closed: [...closed],
    orders: markets.flatMap((m) => state.orders.ofMarket(m.market.id).map((o) => ({ ...o }))),
    placed: [...state.orders.changes.placed],
    finished: [...state.orders.changes.finished],
    events: [...state.events.emitted],
    syncs: [...state.syncs.recorded],
  };
}

/** How many parts the round's one statement would have (each slice adds one per kind of change). */
export const writeParts = (state: RoundState) => roundWorld.writes(state).length;

/** A stored answer's body, parsed. */
export const bodyOf = (answer: { body: string }) => JSON.parse(answer.body) as Record<string, unknown>;
