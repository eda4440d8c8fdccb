import type { Ctx } from '../context.js';
import { selectDeliveryBacklog, type DeliveryBacklog } from './delivery-repo.js';

/** Dead letters and pending deliveries per tenant environment: the overview's "are webhooks stuck?". */
export async function deliveryBacklog(ctx: Ctx): Promise<DeliveryBacklog[]> {
  return selectDeliveryBacklog(ctx.db);
}
