import type { Db } from '../../db/connection.js';
import type { Clock } from '../../lib/clock.js';
import type { StoredAnswer } from '../idempotency/answers.js';
import { lockUsers } from '../ledger/ledger-repo.js';
import { findMarketsByIds, lockMarketById } from '../markets/market-repo.js';
import { decideOrder, isExpired } from './model/order-rules.js';
import { finishOrder, lockOpenOrder, openOrdersOfMarket, type MarketRef, type OrderView } from './order-repo.js';
import { resolveOrder, type OrderResolution } from './resolve-order.js';

export interface EvaluateDeps {
  db: Db;
  clock: Clock;
}

/**
 * Evaluates the open orders of a market (DESIGN part 4), after a trade, a close, a placement or a
 * reopen has committed. Orders of every tenant and environment are evaluated together, oldest first,
 * because they share one price. Returns how many orders reached a final status.
 *
 * Each order is settled in its own short transaction that locks the market's row, then the order's,
 * then (only for a fill) its user's: no transaction holds two users' locks, so evaluations on
 * different markets cannot deadlock, and a trade waits at most for one order's fill. Which order to
 * try is chosen from an unlocked read and decided again under the locks. A fill moves the price (its
 * outcome's up, the others' down), so after one the orders are read again and the oldest that can
 * act goes next; an order that turned out not to fill under the locks is not retried in this call
 * (the trade that moved the price evaluates the market again).
 *
 * With no open order on the market this is one indexed statement.
 */
export async function evaluateOrders(deps: EvaluateDeps, marketId: string): Promise<number> {
  return evaluate(deps, { id: marketId });
}

/**
 * Runs {@link evaluateOrders} after a successful trade answer and returns the answer unchanged. Every
 * trade answer (a position of an open or close, an order of a placement) names its market_slug, which
 * also covers replays; an error answer changed nothing and evaluates nothing.
 */
export async function evaluateOrdersAfter(deps: EvaluateDeps, answer: StoredAnswer): Promise<StoredAnswer> {
  if (answer.status < 200 || answer.status >= 300) return answer;
  const slug: unknown = (JSON.parse(answer.body) as { market_slug?: unknown }).market_slug;
  if (typeof slug === 'string') await guarded(() => evaluate(deps, { slug }));
  return answer;
}

/** {@link evaluateOrders} after a committed change (a reopen): a failure is logged, never the change's answer. */
export async function evaluateOrdersSafely(deps: EvaluateDeps, marketId: string): Promise<void> {
  await guarded(() => evaluate(deps, { id: marketId }));
}

/**
 * The trade before an evaluation has committed and its answer is stored: a failing evaluation must not
 * turn that answer into a 500. The orders stay open and the next trade on the market evaluates them.
 */
async function guarded(run: () => Promise<number>): Promise<void> {
  try {
    await run();
  } catch (error) {
    // eslint-disable-next-line no-console -- until the logger port arrives (next commits)
    console.error(`limit order evaluation failed; it runs again at the next trade on the market: ${String(error)}`);
  }
}

async function evaluate(deps: EvaluateDeps, market: MarketRef): Promise<number> {
  const stayedOpen = new Set<string>();
  let finished = 0;
  for (;;) {
    const orders = (await openOrdersOfMarket(deps.db, market)).filter((o) => !stayedOpen.has(o.id));
    if (orders.length === 0) return finished;
    const marketId = orders[0]!.marketId;
    const state = (await findMarketsByIds(deps.db, [marketId])).get(marketId)!;
    const now = deps.clock.now();
    const next = orders.find((o) => decideOrder(o, state, now).action !== 'wait');
    if (!next) return finished;
    const status = await settle(deps, next, now);
    if (status === 'open') stayedOpen.add(next.id);
    else finished += 1;
  }
}

/** One order in its own transaction; 'gone' when someone else finished it first. */
async function settle(deps: EvaluateDeps, order: OrderView, now: Date): Promise<OrderResolution['status'] | 'gone'> {
  if (isExpired(order, now)) {
    // Expiry needs no market lock: a conditional update that a concurrent fill (holding the row) settles.
    return (await finishOrder(deps.db, order.id, { status: 'expired' }, now)) ? 'expired' : 'gone';
  }
  return deps.db.transaction().execute(async (tx) => {
    // Lock order: the market row, then the order row, then (in resolveOrder, for a fill) the user row.
    const market = await lockMarketById(tx, order.scope.tenantId, order.marketId);
    if (!(await lockOpenOrder(tx, order.id))) return 'gone';
    if (!market) {
      // The market was disabled for the order's tenant after placement: it can no longer trade there.
      await finishOrder(tx, order.id, { status: 'rejected', rejectCode: 'validation_failed' }, now);
      return 'rejected';
    }
    const lockUser = async () => (await lockUsers(tx, order.scope, [order.externalUserId])).get(order.externalUserId);
    return (await resolveOrder(tx, market, order, lockUser, now)).status;
  });
}
