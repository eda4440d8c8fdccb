import { setTimeout as sleep } from 'node:timers/promises';
import { rejected, type RequestContext, type Result } from '../../errors/index.js';
import type { TenantCtx } from '../context.js';
import { getOrder } from './get-order.js';
import { cancelAnswer } from './model/order-status.js';
import type { OrderView } from './order-repo.js';

const CANCEL_ATTEMPTS = 5;

/**
 * DELETE /v1/orders/{id}: an open order becomes cancelled, in a round of the write engine under its
 * market's lock (so never between a fill's decision and its write). Naturally idempotent, so it takes no
 * Idempotency-Key: cancelling a cancelled order answers it again. A filled, expired or rejected order is
 * state_conflict (spec 3.3); so is an open order already past its expires_at, which the cancel expires
 * instead. A blocked user's orders can be cancelled, and so can orders on a suspended market.
 */
export async function cancelOrder(ctx: TenantCtx, request: RequestContext, id: string): Promise<Result<OrderView>> {
  const seen = await getOrder(ctx, id);
  if (!seen.ok) return seen;
  let order: Result<OrderView> = seen;
  // A round skips an order row another transaction holds (the expiry job, for a moment): then it tries again.
  for (let attempt = 0; attempt < CANCEL_ATTEMPTS && order.ok && order.value.status === 'open'; attempt += 1) {
    if (attempt > 0) await sleep(20);
    const { marketId, marketSlug, externalUserId } = order.value;
    const command = { kind: 'cancel_order', order: { id, marketId, marketSlug, externalUserId } } as const;
    await ctx.runtime.engine.submit({ ctx, request, key: null, command });
    order = await getOrder(ctx, id);
  }
  if (!order.ok || cancelAnswer(order.value.status) === 'ok') return order;
  return rejected('state_conflict', `The order is ${order.value.status}; only an open order can be cancelled.`);
}
