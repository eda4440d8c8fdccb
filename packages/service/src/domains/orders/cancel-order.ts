import type { Db } from '../../db/connection.js';
import { ApiError } from '../../errors/index.js';
import type { Principal } from '../../http/auth.js';
import type { Clock } from '../../lib/clock.js';
import { isUuid } from '../../lib/ids.js';
import { cancelAnswer } from './model/order-rules.js';
import { cancelOpenOrder, findOrder, type OrderView } from './order-repo.js';

/**
 * The order a principal may see: one of its tenant environment, and for a session only its own user's.
 * Anything else is the same 404, so ids of others' orders reveal nothing.
 */
export async function orderFor(db: Db, principal: Principal, id: string): Promise<OrderView> {
  const order = isUuid(id) ? await findOrder(db, principal, id) : null;
  if (!order || (principal.kind === 'session' && order.externalUserId !== principal.externalUserId)) {
    throw new ApiError('not_found', `No order ${id}.`);
  }
  return order;
}

/**
 * DELETE /v1/orders/{id}: an open order becomes cancelled. Naturally idempotent, so it takes no
 * Idempotency-Key: cancelling a cancelled order answers it again. A filled, expired or rejected order
 * is 409 state_conflict (spec 3.3); so is an open order already past its expires_at, which the cancel
 * expires instead. A blocked user's orders can be cancelled, and so can orders on a suspended market.
 */
export async function cancelOrder(
  deps: { db: Db; clock: Clock },
  principal: Principal,
  id: string,
): Promise<OrderView> {
  await orderFor(deps.db, principal, id);
  // A conditional update decides: it waits for a fill in progress on the order and then leaves it filled.
  await cancelOpenOrder(deps.db, principal, id, deps.clock.now());
  const order = await orderFor(deps.db, principal, id);
  if (cancelAnswer(order.status) === 'ok') return order;
  throw new ApiError('state_conflict', `The order is ${order.status}; only an open order can be cancelled.`);
}
