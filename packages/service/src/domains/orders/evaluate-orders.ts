import type { Ctx } from '../context.js';
import type { RoundNeeds } from '../handler.js';
import { fillOrders, type OrderState } from './fill-orders.js';
import { marketsWithOpenOrders } from './order-repo.js';

/**
 * Evaluates the open orders of a market where no trade did: after a reopen, and from the periodic sweep.
 * A command of the write engine of its own, under the market's row lock, oldest first, at the round's
 * time. Returns how many orders reached a final status.
 */
export async function evaluateOrders(ctx: Ctx, market: { id: string; slug: string }): Promise<number> {
  const answer = await ctx.runtime.engine.submit<OrderState, RoundNeeds>({
    key: null,
    request: null,
    needs: { market: { id: market.id, slug: market.slug }, trades: true },
    apply(state) {
      const held = state.markets.get(market.id);
      return { answer: { status: 200, body: String(held ? fillOrders(state, held) : 0) }, spend: false };
    },
  });
  return Number(answer.body);
}

/**
 * Evaluates every market with open orders. A trade evaluates its market's orders in its own round; this
 * periodic pass fills orders whose market was left alone since the price reached them (a reopen, a
 * process that died). Returns how many orders ended.
 */
export async function sweepOrders(ctx: Ctx): Promise<number> {
  let finished = 0;
  for (const market of await marketsWithOpenOrders(ctx.db)) finished += await evaluateOrders(ctx, market);
  return finished;
}
