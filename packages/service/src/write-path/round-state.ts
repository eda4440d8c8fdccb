import type { RawBuilder } from 'kysely';
import type { Executor } from '../db/connection.js';
import type { TenantEnv } from '../domains/context.js';
import type { Locked, RoundWorld } from '../domains/engine/index.js';
import { RoundEvents } from '../domains/events/index.js';
import { RoundLeaderboard } from '../domains/leaderboard/index.js';
import type { RoundNeeds } from '../domains/handler.js';
import { openingsPaused, type OpeningsPaused } from '../domains/kill-switches/index.js';
import { lockUsersForRound, RoundBalances, userKey, type RoundLockedUser } from '../domains/ledger/index.js';
import {
  lockRoundMarkets,
  RoundMarkets,
  SANDBOX_DAY_MS,
  type HeldMarket,
  type LockedMarkets,
} from '../domains/markets/index.js';
import {
  lockOpenOrdersOfMarkets,
  RoundOrders,
  stillOpenOrders,
  type Opener,
  type OrderView,
} from '../domains/orders/index.js';
import {
  readLimits,
  RoundLimits,
  stakeUseOf,
  windowStarts,
  type PlayerLimits,
  type StakeUse,
} from '../domains/player-limits/index.js';
import {
  lockPositionsByIds,
  RoundPositions,
  stakedSince,
  tradingFigures,
  type PositionRow,
  type StakedSince,
  type TradingFigures,
} from '../domains/positions/index.js';
import { RoundSyncs, type SyncState } from '../domains/sync/index.js';
import { openerOf, type TradeState } from '../domains/trading/index.js';

/** What a round locked and read, from which each slice is made the first time a handler uses it. */
export interface RoundRead {
  markets: ReadonlyMap<string, HeldMarket>;
  /** The markets' open orders, oldest first (their owners' ids left out). */
  orders: readonly OrderView[];
  users: readonly RoundLockedUser[];
  /** The positions the round's closes locked. */
  positions: Map<string, PositionRow>;
  figures: TradingFigures;
  limits: ReadonlyMap<string, PlayerLimits>;
  stakeUse: ReadonlyMap<string, StakeUse>;
  paused: OpeningsPaused;
}

/**
 * A round's state: one slice per table owner (markets, orders, balances and the ledger, positions, player
 * limits, balance syncs, the outbox), which every handler sees through the slices it names (TradeState,
 * SyncState, …). A slice is made when a handler first uses it, and only the slices made write: a round of
 * balance syncs runs no code of markets, orders, positions or trading.
 */
export class RoundState implements TradeState, SyncState {
  private readonly made: {
    syncs?: RoundSyncs;
    events?: RoundEvents;
    leaderboard?: RoundLeaderboard;
    opener?: Opener;
    markets?: RoundMarkets;
    orders?: RoundOrders;
    balances?: RoundBalances;
    positions?: RoundPositions;
    limits?: RoundLimits;
  } = {};

  constructor(
    readonly now: Date,
    private readonly read: RoundRead,
  ) {}

  get syncs(): RoundSyncs {
    return (this.made.syncs ??= new RoundSyncs());
  }
  get events(): RoundEvents {
    return (this.made.events ??= new RoundEvents());
  }
  get leaderboard(): RoundLeaderboard {
    return (this.made.leaderboard ??= new RoundLeaderboard());
  }
  /** The open a fill is, for orders, which trading evaluates after every trade. */
  get opener(): Opener {
    return (this.made.opener ??= openerOf(this));
  }
  get markets(): RoundMarkets {
    return (this.made.markets ??= new RoundMarkets(this.read.markets));
  }
  get orders(): RoundOrders {
    return (this.made.orders ??= new RoundOrders(this.read.orders));
  }
  get balances(): RoundBalances {
    return (this.made.balances ??= new RoundBalances(this.read.users));
  }
  get positions(): RoundPositions {
    return (this.made.positions ??= new RoundPositions(this.read.positions, this.read.figures));
  }
  get limits(): RoundLimits {
    return (this.made.limits ??= new RoundLimits(this.read.limits, this.read.stakeUse, this.now));
  }
  get paused(): OpeningsPaused {
    return this.read.paused;
  }

  /** What the slices the handlers used changed, as the parts of the round's one statement, in this order. */
  writes(): RawBuilder<unknown>[] {
    const { now, made } = this;
    return [
      ...(made.balances?.writes(now) ?? []),
      ...(made.syncs?.writes(now) ?? []),
      ...(made.positions?.writes(now) ?? []),
      ...(made.leaderboard?.writes() ?? []),
      ...(made.markets?.writes(now) ?? []),
      ...(made.orders?.writes(now) ?? []),
      ...(made.events?.writes(now) ?? []),
    ];
  }
}

interface LockedUsers {
  locked: RoundLockedUser[];
  held: RoundLockedUser[];
}

const NOTHING_PAUSED: OpeningsPaused = { all: false, tenants: new Set() };
// Made anew for each round: the slices move what they are given as the round's commands apply.
const noMarkets = (): LockedMarkets => ({ locked: new Map(), held: [], idOfSlug: new Map() });
const noTrades = (): Pick<RoundRead, 'figures' | 'limits' | 'stakeUse'> => ({
  figures: { openStakes: new Map(), sandboxDay: new Map() },
  limits: new Map(),
  stakeUse: new Map(),
});

const marketName = (slug: string) => `m:${slug}`;
const userName = (scope: TenantEnv, externalUserId: string) => `u:${userKey(scope, externalUserId)}`;
const orderName = (id: string) => `o:${id}`;

/**
 * What a round locks, and in which order every round locks it (markets, their open orders, then users,
 * each in id order: docs/architecture.md, "Locks"), then what it reads after the locks (the positions it
 * closes, open stakes and the sandbox day, the players' limits and their stakes in the limits' windows,
 * the kill switches); and what it writes, as one statement.
 */
export const roundWorld: RoundWorld<RoundState, RoundNeeds> = {
  touches(needs) {
    const names: string[] = [];
    if (needs.market) names.push(marketName(needs.market.slug));
    if (needs.user) names.push(userName(needs.user.scope, needs.user.externalUserId));
    if (needs.orderId) names.push(orderName(needs.orderId));
    return names;
  },

  async lock(tx, needs, { wait, now }): Promise<Locked<RoundState, RoundNeeds>> {
    const skipLocked = !wait;
    const named = needs.flatMap((n) => (n.market ? [n.market] : []));
    const wantedMarkets = {
      slugs: named.flatMap((m) => (m.id ? [] : [m.slug])),
      ids: named.flatMap((m) => (m.id ? [m.id] : [])),
    };
    const lockMarkets = () =>
      named.length > 0 ? lockRoundMarkets(tx, wantedMarkets, { skipLocked }) : Promise.resolve(noMarkets());
    const namedUsers = needs.flatMap((n) => (n.user ? [n.user] : []));
    // Nothing waits: the markets and the users the commands name are asked for together (pipelined on the
    // round's connection), since under SKIP LOCKED no order of locks can deadlock. Waiting: markets first.
    const [markets, namedLocked] = wait
      ? [await lockMarkets(), null]
      : await Promise.all([lockMarkets(), lockUsersForRound(tx, { named: namedUsers, ids: [] }, { skipLocked })]);
    const withOrders = [...markets.locked.values()].filter((m) => m.hasOpenOrders).map((m) => m.market.id);
    const orders = withOrders.length > 0 ? await lockOpenOrdersOfMarkets(tx, withOrders, { skipLocked }) : [];
    const lockedOrders = new Set(orders.map((o) => o.id));
    // An order a command names that the round did not lock is held elsewhere while it is still open.
    const unlocked = needs.flatMap((n) => (n.orderId && !lockedOrders.has(n.orderId) ? [n.orderId] : []));
    const heldOrders = unlocked.length > 0 ? await stillOpenOrders(tx, unlocked) : [];
    const users = await lockUsers(tx, {
      named: namedLocked ? [] : namedUsers,
      ids: [...new Set(orders.map((o) => o.userId))],
      wait,
      already: namedLocked,
    });
    const held = new Set([
      ...markets.held.map((m) => marketName(m.slug)),
      ...users.held.map((u) => userName(u.scope, u.externalUserId)),
      ...heldOrders.map(orderName),
    ]);
    return {
      held,
      async state(going, putBack) {
        // A user locked only for a command put back must not trade in this round (an order of theirs
        // filled by a later command would overtake their own earlier one).
        const goingUsers = new Set(
          going.flatMap((n) => (n.user ? [userName(n.user.scope, n.user.externalUserId)] : [])),
        );
        const trading = users.locked.filter((u) => {
          const name = userName(u.scope, u.externalUserId);
          return !putBack.has(name) || goingUsers.has(name);
        });
        const closing = going.flatMap((n) => (n.positionId ? [n.positionId] : []));
        const positions = closing.length > 0 ? await lockPositionsByIds(tx, closing) : new Map<string, PositionRow>();
        const trades = going.some((n) => n.trades) || orders.length > 0;
        const read = trades
          ? await readForTrades(tx, { markets: markets.locked, traders: trading.map((u) => u.id), going, orders, now })
          : noTrades();
        const orderTenants = [...new Set(orders.map((o) => o.scope.tenantId))];
        return new RoundState(now, {
          markets: markets.locked,
          orders: orders.map(({ userId: _userId, ...order }) => order),
          users: trading,
          positions,
          ...read,
          paused: orders.length > 0 ? await openingsPaused(tx, orderTenants) : NOTHING_PAUSED,
        });
      },
    };
  },

  writes: (state) => state.writes(),
};

/**
 * What a round that trades reads after its locks, so that it counts every trade committed before: open
 * stakes and the sandbox day, the traders' limits, and, only for a user with a stake limit in force, what
 * they staked over the windows their limits need (one more read, in rounds that trade for such a user).
 */
async function readForTrades(
  tx: Executor,
  round: {
    markets: ReadonlyMap<string, HeldMarket>;
    traders: string[];
    going: readonly RoundNeeds[];
    orders: readonly Pick<OrderView, 'marketId' | 'scope'>[];
    now: Date;
  },
): Promise<Pick<RoundRead, 'figures' | 'limits' | 'stakeUse'>> {
  const { markets, traders, now } = round;
  const [figures, limits] = await Promise.all([
    tradingFigures(
      tx,
      { userIds: traders, marketIds: [...markets.keys()] },
      {
        pairs: sandboxTraders(markets, round.going, round.orders),
        since: new Date(now.getTime() - SANDBOX_DAY_MS),
      },
    ),
    readLimits(tx, traders),
  ]);
  if (limits.size === 0) return { figures, limits, stakeUse: new Map() };
  const measure = RoundLimits.toMeasure(limits, now);
  const staked =
    measure.userIds.length > 0
      ? await stakedSince(tx, measure.userIds, windowStarts(now, measure.windows))
      : new Map<string, StakedSince[]>();
  const stakeUse = new Map<string, StakeUse>(
    [...staked].map(([id, windows]) => [id, stakeUseOf(measure.windows, windows)]),
  );
  return { figures, limits, stakeUse };
}

/**
 * The users the commands name (locked `already` when nothing waits), and the owners of the markets' open
 * orders (never waited for: a fill can wait).
 */
async function lockUsers(
  tx: Executor,
  wanted: { named: NonNullable<RoundNeeds['user']>[]; ids: string[]; wait: boolean; already: LockedUsers | null },
): Promise<LockedUsers> {
  const named = await lockUsersForRound(tx, { named: wanted.named, ids: [] }, { skipLocked: !wanted.wait });
  const owners = await lockUsersForRound(tx, { named: [], ids: wanted.ids }, { skipLocked: true });
  const parts = [wanted.already ?? { locked: [], held: [] }, named, owners];
  // A user both named and an order's owner is in two parts: once locked, it is locked.
  const locked = new Map(parts.flatMap((p) => p.locked).map((u) => [u.id, u]));
  return { locked: [...locked.values()], held: parts.flatMap((p) => p.held).filter((u) => !locked.has(u.id)) };
}

/**
 * The sandbox tenant environments that may open on a bounded shared market in this round (by a command or
 * an order's fill): the pairs whose last 24 hours of trading the sandbox bound needs.
 */
function sandboxTraders(
  markets: ReadonlyMap<string, HeldMarket>,
  going: readonly RoundNeeds[],
  orders: readonly Pick<OrderView, 'marketId' | 'scope'>[],
): { tenantId: string; marketId: string }[] {
  const bySlug = new Map([...markets.values()].map((m) => [m.market.slug, m.market]));
  const pairs = new Map<string, { tenantId: string; marketId: string }>();
  const add = (scope: TenantEnv, market: HeldMarket['market'] | undefined) => {
    if (!market?.sandboxBound || scope.environment !== 'sandbox') return;
    pairs.set(`${scope.tenantId}/${market.id}`, { tenantId: scope.tenantId, marketId: market.id });
  };
  for (const n of going) if (n.trades && n.user && n.market) add(n.user.scope, bySlug.get(n.market.slug));
  for (const order of orders) add(order.scope, markets.get(order.marketId)?.market);
  return [...pairs.values()];
}
