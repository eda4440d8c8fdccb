import type { Ctx } from '../context.js';
import { marketsWithOpenOrders } from '../orders/index.js';
import { evaluateOrders } from './evaluate-orders.js';

/**
 * Evaluates every market with open orders. A trade evaluates its market's orders right after it
 * commits; a process that dies in between leaves them waiting for the next trade. This periodic pass
 * closes that gap (and fills orders whose market was left alone since). Returns how many orders ended.
 */
export async function sweepOrders(ctx: Ctx): Promise<number> {
  let finished = 0;
  for (const market of await marketsWithOpenOrders(ctx.db)) finished += await evaluateOrders(ctx, market);
  return finished;
}
