import type { Ctx } from '../context.js';
import { expireDueOrders, rejectOrdersOfClosedMarkets } from './order-repo.js';

const BATCH = 500;

/**
 * Expires open orders past expires_at, and rejects open orders on markets that can never trade again
 * (resolved, voided, past closes_at), a bounded batch of each per pass; returns how many. Rows are
 * claimed with FOR UPDATE SKIP LOCKED, so several processes can run this at once and an order that an
 * evaluation holds is left to that evaluation (which checks expiry itself).
 */
export async function expireOrders(ctx: Ctx): Promise<number> {
  return (await expireDueOrders(ctx.db, ctx.now, BATCH)) + (await rejectOrdersOfClosedMarkets(ctx.db, ctx.now, BATCH));
}
