import type { Ctx } from '../context.js';
import { withTransaction } from '../context.js';
import { openOrdersOfMarket, type MarketRef } from '../orders/index.js';
import { fillOrdersInBatch } from './batch/fill-orders.js';
import { MarketBook } from './batch/market-book.js';
import { lockMarketForBatch } from './market-lock.js';

/**
 * Evaluates the open orders of a market (DESIGN part 4) where no trade's batch did: after a placement or
 * a reopen has committed, and from the periodic sweep. Orders of every tenant and environment are
 * evaluated together, oldest first, because they share one price, in one transaction under the market's
 * row lock, exactly as a batch evaluates them after its trades (batch/fill-orders.ts). Returns how many
 * orders reached a final status.
 *
 * With no open order on the market this is one indexed statement and takes no lock.
 */
export async function evaluateOrders(ctx: Ctx, market: MarketRef): Promise<number> {
  const seen = await openOrdersOfMarket(ctx.db, market);
  if (seen.length === 0) return 0;
  return withTransaction(ctx, async (tx) => {
    const locked = await lockMarketForBatch(tx.db, seen[0]!.marketSlug);
    if (!locked) return 0;
    const orders = await openOrdersOfMarket(tx.db, { id: locked.market.id });
    // Each evaluation decides at its own time: a sweep must not fill at a stale instant.
    const book = new MarketBook(locked.market, locked.tenantIds, new Map(), new Map(), ctx.runtime.clock.now());
    await fillOrdersInBatch(tx.db, book, orders);
    await book.write(tx.db);
    return book.finishedOrders;
  });
}
