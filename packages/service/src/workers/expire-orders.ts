import type { ServiceDeps } from '../deps.js';
import type { Job } from './runner.js';
import { expireDueOrders, rejectOrdersOfClosedMarkets } from '../domains/orders/order-repo.js';

const BATCH = 500;

/**
 * Expires open orders past expires_at, and rejects open orders on markets that can never trade again
 * (resolved, voided, past closes_at), a bounded batch of each per pass; returns how many. Rows are
 * claimed with FOR UPDATE SKIP LOCKED, so several processes can run this at once and an order that an
 * evaluation holds is left to that evaluation (which checks expiry itself).
 */
export async function expireOrders(deps: Pick<ServiceDeps, 'db' | 'clock'>): Promise<number> {
  const now = deps.clock.now();
  return (await expireDueOrders(deps.db, now, BATCH)) + (await rejectOrdersOfClosedMarkets(deps.db, now, BATCH));
}

export const expireOrdersJob: Job = { name: 'expire-orders', intervalMs: 5_000, run: expireOrders };
