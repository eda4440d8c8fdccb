import type { Executor } from '../../db/connection.js';
import type { Runtime } from '../context.js';
import type { StoredAnswer } from '../commands.js';
import type { TenantEnv } from '../context.js';
import { claimAnswer, claimKeysInTransaction, type KeyClaim, type StoredKeyAnswer } from '../idempotency/index.js';
import { openingsPaused, type OpeningsPaused } from '../kill-switches/index.js';
import { lockUsersForRound, type RoundLockedUser } from '../ledger/index.js';
import { lockOpenOrdersOfMarkets } from '../orders/index.js';
import { lockPositionsByIds, tradingFigures, type RejectedAttempt } from '../positions/index.js';
import { SANDBOX_DAY_MS } from '../markets/index.js';
import { lockMarketsForRound } from '../trading/index.js';
import { applyItem, needsOf, type Needs } from './apply.js';
import { RoundBook, sandboxDayKey, userKey, type RoundMarket, type RoundUser } from './book.js';
import type { QueuedGroup } from './queued.js';
import type { RoundStep } from './stats.js';
import { writeRound } from './writes.js';

const NOTHING_PAUSED: OpeningsPaused = { all: false, tenants: new Set() };

/** What a round did with its groups: each group's answers (or finished orders), or put back for the next round. */
export interface RoundResult {
  answered: Map<QueuedGroup, { answers: StoredAnswer[]; finished: number }>;
  deferred: QueuedGroup[];
}

/**
 * One round of the write engine, in one transaction (DESIGN part 2): claims every key of the round; locks
 * the markets, their open orders, then the users, skipping rows another transaction holds (or waiting, in
 * id order, when `wait`: a group put back too often); puts back each group that touches a held market or
 * user, with every later group on the same market or user, so order per market and per user stays arrival
 * order; evaluates the others one by one in arrival order with the pure rules; writes everything and the
 * answers set-based; commits once.
 */
export async function runRound(
  runtime: Pick<Runtime, 'db' | 'clock'>,
  groups: readonly QueuedGroup[],
  wait: boolean,
  time: (step: RoundStep) => void,
): Promise<RoundResult> {
  const now = runtime.clock.now();
  const done = await runtime.db.transaction().execute(async (tx) => {
    time('begin');
    const result: RoundResult = { answered: new Map(), deferred: [] };
    const claims = await claimAll(tx, groups, now);
    time('claim');

    // A group whose own key is taken, and items whose keys are, are answered by the key alone.
    const running: { group: QueuedGroup; items: number[] }[] = [];
    for (const group of groups) {
      const outer = group.outer && claims.get(group.outer.ref)!;
      if (outer && outer !== 'free') {
        result.answered.set(group, { answers: [claimAnswer(outer, group.outer!.request, now)], finished: 0 });
        continue;
      }
      const items = group.items.flatMap((item, i) =>
        item.preset || (item.ref && claims.get(item.ref) !== 'free') ? [] : [i],
      );
      running.push({ group, items });
    }

    const needs = new Map(
      running.flatMap(({ group, items }) => items.map((i) => [group.items[i]!, needsOf(group.items[i]!)])),
    );
    const wanted = [...needs.values()];
    const evaluations = running.flatMap(({ group }) => (group.evaluate ? [group.evaluate] : []));
    const markets = await lockMarketsForRound(
      tx,
      {
        slugs: wanted.flatMap((n) => (n.marketSlug && !n.marketId ? [n.marketSlug] : [])),
        ids: [...wanted.flatMap((n) => (n.marketId ? [n.marketId] : [])), ...evaluations.map((m) => m.id)],
      },
      { skipLocked: !wait },
    );
    const withOrders = [...markets.locked.values()].filter((m) => m.hasOpenOrders).map((m) => m.market.id);
    const orders = await lockOpenOrdersOfMarkets(tx, withOrders);
    const named = wanted.flatMap((n) => (n.user ? [n.user] : []));
    const orderOwners = [...new Set(orders.map((o) => o.userId))];
    const users = wait
      ? merge(
          await lockUsersForRound(tx, { named, ids: [] }, { skipLocked: false }),
          await lockUsersForRound(tx, { named: [], ids: orderOwners }, { skipLocked: true }),
        )
      : await lockUsersForRound(tx, { named, ids: orderOwners }, { skipLocked: true });

    // Put back what touches a held row, and everything after it on the same market or user.
    const heldMarkets = new Set(markets.held);
    const heldUsers = new Set(users.held.map((u) => userKey(u.scope, u.externalUserId)));
    const marketOf = (n: Needs) => n.marketId ?? (n.marketSlug ? markets.idOfSlug.get(n.marketSlug) : undefined);
    const go: typeof running = [];
    for (const run of running) {
      const touched = run.items.map((i) => needs.get(run.group.items[i]!)!);
      const marketIds = [...touched.map(marketOf), run.group.evaluate?.id].filter(
        (id): id is string => id !== undefined,
      );
      const userKeys = touched.flatMap((n) => (n.user ? [userKey(n.user.scope, n.user.externalUserId)] : []));
      if (marketIds.some((id) => heldMarkets.has(id)) || userKeys.some((key) => heldUsers.has(key))) {
        marketIds.forEach((id) => heldMarkets.add(id));
        userKeys.forEach((key) => heldUsers.add(key));
        result.deferred.push(run.group);
      } else {
        go.push(run);
      }
    }

    // A user locked only for a group now put back must not trade in this round (an order of theirs filled by
    // a later command would overtake their own earlier one).
    const goUsers = new Set(
      go.flatMap(({ group, items }) =>
        items.flatMap((i) => {
          const user = needs.get(group.items[i]!)!.user;
          return user ? [userKey(user.scope, user.externalUserId)] : [];
        }),
      ),
    );
    const trading = users.locked.filter(
      (u) => !heldUsers.has(userKey(u.scope, u.externalUserId)) || goUsers.has(userKey(u.scope, u.externalUserId)),
    );
    const book = await openBook(tx, {
      markets: markets.locked,
      orders,
      users: trading,
      go,
      needs,
      marketIdOf: marketOf,
      now,
    });
    time('lock');
    const keys: StoredKeyAnswer[] = [];
    const rejections: (RejectedAttempt & { scope: TenantEnv })[] = [];
    for (const { group, items } of go) {
      const answers: StoredAnswer[] = [];
      let finished = 0;
      if (group.evaluate) {
        const held = book.markets.get(group.evaluate.id);
        const before = book.orderChanges.length;
        if (held) book.fillOrders(held);
        finished = book.orderChanges.length - before;
      }
      group.items.forEach((item, i) => {
        if (!items.includes(i)) {
          if (item.preset) return void answers.push(item.preset);
          answers.push(claimAnswer(claims.get(item.ref!) as Exclude<KeyClaim, 'free'>, item.submitted.request, now));
          return;
        }
        const applied = applyItem(book, item);
        answers.push(applied.answer);
        if (applied.spend && item.ref) keys.push({ ...item.ref, ...applied.answer });
        if (applied.rejection) rejections.push({ ...applied.rejection, scope: item.submitted.ctx.tenantEnv });
      });
      if (group.outer) {
        const { answer, store } = group.outer.compose(answers);
        if (store) keys.push({ ...group.outer.ref, status: answer.status, body: answer.body });
        result.answered.set(group, { answers: [answer], finished });
      } else {
        result.answered.set(group, { answers, finished });
      }
    }
    time('evaluate');
    await writeRound(tx, book, { keys, rejections });
    time('write');
    return result;
  });
  time('commit');
  return done;
}

/** Every key of the round, the groups' own and their items', claimed in one round trip. */
async function claimAll(tx: Executor, groups: readonly QueuedGroup[], now: Date) {
  const refs = groups.flatMap((g) => [
    ...(g.outer ? [g.outer.ref] : []),
    ...g.items.flatMap((item) => (item.ref && !item.preset ? [item.ref] : [])),
  ]);
  const claims = await claimKeysInTransaction(tx, refs, now);
  return new Map(refs.map((ref, i) => [ref, claims[i]!]));
}

function merge(
  a: { locked: RoundLockedUser[]; held: RoundLockedUser[] },
  b: { locked: RoundLockedUser[]; held: RoundLockedUser[] },
) {
  const seen = new Set(a.locked.map((u) => u.id));
  return { locked: [...a.locked, ...b.locked.filter((u) => !seen.has(u.id))], held: [...a.held, ...b.held] };
}

/** The round's state: the locked markets with their orders, the locked users, the positions it closes, open stakes. */
async function openBook(
  tx: Executor,
  locked: {
    markets: Map<string, { market: RoundMarket['market']; tenantIds: Set<string> }>;
    orders: Awaited<ReturnType<typeof lockOpenOrdersOfMarkets>>;
    users: RoundLockedUser[];
    go: readonly { group: QueuedGroup; items: number[] }[];
    needs: Map<unknown, Needs>;
    marketIdOf: (n: Needs) => string | undefined;
    now: Date;
  },
): Promise<RoundBook> {
  const markets = new Map<string, RoundMarket>();
  for (const [id, m] of locked.markets) markets.set(id, { market: m.market, tenantIds: m.tenantIds, orders: [] });
  for (const { userId: _userId, ...order } of locked.orders) markets.get(order.marketId)?.orders.push(order);
  const users = new Map<string, RoundUser>(locked.users.map((u) => [userKey(u.scope, u.externalUserId), { ...u }]));
  const running = locked.go.flatMap(({ group, items }) => items.map((i) => locked.needs.get(group.items[i]!)!));
  const positions = await lockPositionsByIds(
    tx,
    running.flatMap((n) => (n.positionId ? [n.positionId] : [])),
  );
  const trades = running.some((n) => n.trades) || locked.orders.length > 0;
  const figures = trades
    ? await tradingFigures(
        tx,
        { userIds: [...users.values()].map((u) => u.id), marketIds: [...markets.keys()] },
        { pairs: sandboxTraders(locked, running), since: new Date(locked.now.getTime() - SANDBOX_DAY_MS) },
      )
    : { openStakes: new Map<string, bigint>(), sandboxDay: new Map<string, bigint>() };
  const orderTenants = [...new Set(locked.orders.map((o) => o.scope.tenantId))];
  const paused = locked.orders.length > 0 ? await openingsPaused(tx, orderTenants) : NOTHING_PAUSED;
  return new RoundBook(markets, users, figures.openStakes, positions, locked.now, paused, figures.sandboxDay);
}

/**
 * The sandbox tenant environments that may open on a bounded shared market in this round (by a command or
 * an order's fill): the pairs whose last 24 hours of trading the sandbox bound needs.
 */
function sandboxTraders(
  locked: {
    markets: Map<string, { market: RoundMarket['market'] }>;
    orders: readonly { marketId: string; scope: TenantEnv }[];
    marketIdOf: (n: Needs) => string | undefined;
  },
  running: readonly Needs[],
): { tenantId: string; marketId: string }[] {
  const pairs = new Map<string, { tenantId: string; marketId: string }>();
  const add = (scope: TenantEnv, marketId: string | undefined) => {
    const market = marketId === undefined ? undefined : locked.markets.get(marketId)?.market;
    if (!market?.sandboxBound || scope.environment !== 'sandbox') return;
    pairs.set(sandboxDayKey(scope.tenantId, market.id), { tenantId: scope.tenantId, marketId: market.id });
  };
  for (const n of running) if (n.trades && n.user) add(n.user.scope, locked.marketIdOf(n));
  for (const order of locked.orders) add(order.scope, order.marketId);
  return [...pairs.values()];
}
