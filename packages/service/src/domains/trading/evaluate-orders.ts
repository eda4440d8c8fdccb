import type { Ctx } from '../context.js';

/**
 * Evaluates the open orders of a market (DESIGN part 4) where no trade did: after a reopen, and from the
 * periodic sweep. A round of the write engine of its own, under the market's row lock, oldest first, at
 * the round's time. Returns how many orders reached a final status.
 */
export function evaluateOrders(ctx: Ctx, market: { id: string; slug: string }): Promise<number> {
  return ctx.runtime.engine.evaluateOrders(ctx, market);
}
