import type { Ctx } from '../context.js';
import { selectDeliveryBacklog, type DeliveryBacklog } from './delivery-repo.js';
import { backlogTotals, type BacklogTotals } from './model/backlog-totals.js';

/**
 * Dead letters and pending deliveries per tenant environment, every tenant's (the overview's "are webhooks
 * stuck?") or one tenant's (its page).
 */
export async function deliveryBacklog(ctx: Pick<Ctx, 'db' | 'now'>, tenantId?: string): Promise<DeliveryBacklog[]> {
  return selectDeliveryBacklog(ctx.db, ctx.now, tenantId);
}

/** The same figures for the whole deployment (the metrics' webhook backlog), from the same statement. */
export async function deliveryBacklogTotals(ctx: Pick<Ctx, 'db' | 'now'>): Promise<BacklogTotals> {
  return backlogTotals(await selectDeliveryBacklog(ctx.db, ctx.now));
}
