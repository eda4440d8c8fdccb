import { rejected, type RequestContext, type Result } from '../../errors/index.js';
import type { TenantCtx } from '../context.js';
import { submitTo, type Handler } from '../handler.js';
import type { OrderState } from './fill-orders.js';
import { getOrder } from './get-order.js';
import { cancelAnswer } from './model/order-status.js';
import type { OrderView } from './order-repo.js';

type CancelInput = Pick<OrderView, 'id' | 'marketId' | 'marketSlug' | 'externalUserId'>;

/**
 * A cancel of an order found open, under its market's lock (so never between a fill's decision and its
 * write): cancelled, or expired when already past its expires_at. An order no longer open is left alone.
 * The order's row is among what it needs: while another transaction holds it (the expiry job), the cancel
 * waits for a next round. It takes no key; the verb answers with the order as it then is.
 */
export const cancelHandler: Handler<CancelInput, OrderState> = {
  route: null,
  needs: (order, { ctx }) => ({
    market: { id: order.marketId, slug: order.marketSlug },
    user: { scope: ctx.tenantEnv, externalUserId: order.externalUserId },
    orderId: order.id,
    trades: true,
  }),
  apply(state, input) {
    const order = state.orders.open(input.marketId, input.id);
    if (order) {
      const expired = order.expiresAt !== null && order.expiresAt <= state.now;
      state.orders.finish(order, expired ? { status: 'expired' } : { status: 'cancelled' });
    }
    return { answer: { status: 200, body: '' }, spend: false };
  },
};

/**
 * DELETE /v1/orders/{id}: an open order becomes cancelled. Naturally idempotent, so it takes no
 * Idempotency-Key: cancelling a cancelled order answers it again. A filled, expired or rejected order is
 * state_conflict (docs/operator-api.md, "Limit orders"); so is an open order already past its expires_at, which the
 * cancel expires instead. A blocked user's orders can be cancelled, and so can orders on a suspended market.
 */
export async function cancelOrder(ctx: TenantCtx, request: RequestContext, id: string): Promise<Result<OrderView>> {
  const seen = await getOrder(ctx, id);
  if (!seen.ok) return seen;
  if (seen.value.status === 'open') {
    await submitTo(cancelHandler, { ctx, request, key: null }, seen.value);
  }
  const order = seen.value.status === 'open' ? await getOrder(ctx, id) : seen;
  if (!order.ok || cancelAnswer(order.value.status) === 'ok') return order;
  return rejected('state_conflict', `The order is ${order.value.status}; only an open order can be cancelled.`);
}
