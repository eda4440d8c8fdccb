import type { Ctx } from '../context.js';
import { withTransaction } from '../context.js';
import { isPaused } from '../kill-switches/index.js';
import { lockUsers } from '../ledger/index.js';
import { findMarketsByIds } from '../markets/index.js';
import { finishOrder, lockOpenOrder, openOrdersOfMarket, type MarketRef, type OrderView } from '../orders/index.js';
import { fillOrder, type OrderResolution } from './fill-order.js';
import { lockMarketForTrade } from './market-lock.js';
import { decideOrder, isExpired } from './model/order-rules.js';

/**
 * Evaluates the open orders of a market (DESIGN part 4), after a trade, a close, a placement or a
 * reopen has committed, and from the periodic sweep. Orders of every tenant and environment are
 * evaluated together, oldest first, because they share one price. Returns how many orders reached a
 * final status.
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
export async function evaluateOrders(ctx: Ctx, market: MarketRef): Promise<number> {
  const stayedOpen = new Set<string>();
  let finished = 0;
  let openingPaused: boolean | undefined;
  for (;;) {
    const orders = (await openOrdersOfMarket(ctx.db, market)).filter((o) => !stayedOpen.has(o.id));
    if (orders.length === 0) return finished;
    // Under the positions kill switch orders wait unfilled (decisions part 5); expiry still ends them.
    openingPaused ??= await isPaused(ctx.db, 'positions');
    const marketId = orders[0]!.marketId;
    const state = (await findMarketsByIds(ctx.db, [marketId])).get(marketId)!;
    // Each pass decides at its own time: a long evaluation must not fill at a stale instant.
    const now = ctx.runtime.clock.now();
    const next = orders.find((o) => {
      const action = decideOrder(o, state, now).action;
      return openingPaused ? action === 'expire' : action !== 'wait';
    });
    if (!next) return finished;
    const status = await settle({ ...ctx, now }, next);
    if (status === 'open') stayedOpen.add(next.id);
    else finished += 1;
  }
}

/** One order in its own transaction; 'gone' when someone else finished it first. */
async function settle(ctx: Ctx, order: OrderView): Promise<OrderResolution['status'] | 'gone'> {
  if (isExpired(order, ctx.now)) {
    // Expiry needs no market lock: a conditional update that a concurrent fill (holding the row) settles.
    return (await finishOrder(ctx.db, order.id, { status: 'expired' }, ctx.now)) ? 'expired' : 'gone';
  }
  return withTransaction(ctx, async (tx) => {
    // Lock order: the market row, then the order row, then (in fillOrder, for a fill) the user row.
    const market = await lockMarketForTrade(tx.db, order.scope.tenantId, { id: order.marketId });
    if (!(await lockOpenOrder(tx.db, order.id))) return 'gone';
    if (!market) {
      // The market was disabled for the order's tenant after placement: it can no longer trade there.
      await finishOrder(tx.db, order.id, { status: 'rejected', rejectCode: 'validation_failed' }, tx.now);
      return 'rejected';
    }
    const lockUser = async (db: typeof tx.db) =>
      (await lockUsers(db, order.scope, [order.externalUserId])).get(order.externalUserId);
    return (await fillOrder(tx, market, order, lockUser)).status;
  });
}
