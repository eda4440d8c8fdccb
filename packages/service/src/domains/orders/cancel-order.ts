import { rejected, type Result } from '../../errors/index.js';
import type { TenantCtx } from '../context.js';
import { getOrder } from './get-order.js';
import { cancelAnswer } from './model/order-status.js';
import { cancelOpenOrder, type OrderView } from './order-repo.js';

/**
 * DELETE /v1/orders/{id}: an open order becomes cancelled. Naturally idempotent, so it takes no
 * Idempotency-Key: cancelling a cancelled order answers it again. A filled, expired or rejected order
 * is state_conflict (spec 3.3); so is an open order already past its expires_at, which the cancel
 * expires instead. A blocked user's orders can be cancelled, and so can orders on a suspended market.
 */
export async function cancelOrder(ctx: TenantCtx, id: string): Promise<Result<OrderView>> {
  const seen = await getOrder(ctx, id);
  if (!seen.ok) return seen;
  // A conditional update decides: it waits for a fill in progress on the order and then leaves it filled.
  await cancelOpenOrder(ctx.db, ctx.tenantEnv, id, ctx.now);
  const order = await getOrder(ctx, id);
  if (!order.ok || cancelAnswer(order.value.status) === 'ok') return order;
  return rejected('state_conflict', `The order is ${order.value.status}; only an open order can be cancelled.`);
}
