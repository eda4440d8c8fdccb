import type { Executor } from '../../db/connection.js';
import { assertNever } from '../../lib/assert-never.js';
import { formatAmount } from '../../lib/money.js';
import type { Ctx } from '../context.js';
import { recordEvents } from '../events/index.js';
import type { LockedUser } from '../ledger/index.js';
import { formatPrice, type MarketForTrade } from '../markets/index.js';
import { finishOrder, type OrderView } from '../orders/index.js';
import { executeOpen } from './execute-open.js';
import { decideOpen } from './decide-open.js';
import { afterRefusedFill, decideOrder } from './model/order-rules.js';

export type OrderResolution =
  | { status: 'open' }
  | { status: 'expired' }
  | { status: 'rejected'; code: string }
  | { status: 'filled'; positionId: string; fillPriceMicro: bigint };

export type FillableOrder = Pick<
  OrderView,
  'id' | 'scope' | 'externalUserId' | 'outcomeId' | 'stake' | 'limitPriceMicro' | 'expiresAt'
>;

/**
 * Decides what happens to one open order now and writes it, inside the caller's transaction, which
 * holds the market's row lock and the order's (lock order: market, order, user). The user's row is
 * locked through lockUser only when the price is at the limit, so orders that wait cost no user lock.
 * A fill is an ordinary open (openRules with max_price = limit_price) that sends order.filled in the
 * same transaction instead of position.opened; a fill the rules refuse rejects the order, with no event.
 */
export async function fillOrder(
  ctx: Ctx,
  market: MarketForTrade,
  order: FillableOrder,
  lockUser: (db: Executor) => Promise<LockedUser | undefined>,
): Promise<OrderResolution> {
  const { now } = ctx;
  const reject = async (code: string): Promise<OrderResolution> => {
    await finishOrder(ctx.db, order.id, { status: 'rejected', rejectCode: code }, now);
    return { status: 'rejected', code };
  };
  const decision = decideOrder(order, market, now);
  switch (decision.action) {
    case 'wait':
      return { status: 'open' };
    case 'expire':
      await finishOrder(ctx.db, order.id, { status: 'expired' }, now);
      return { status: 'expired' };
    case 'reject':
      return reject(decision.code);
    case 'fill':
      break;
    default:
      return assertNever(decision);
  }
  const user = await lockUser(ctx.db);
  const ask = { user, externalUserId: order.externalUserId, outcomeId: order.outcomeId, stake: order.stake };
  const opening = await decideOpen(ctx.db, market, { ...ask, maxPriceMicro: order.limitPriceMicro }, now);
  if (!opening.ok) {
    return afterRefusedFill(opening.rejection) === 'wait' ? { status: 'open' } : reject(opening.rejection.code);
  }
  const { scope } = order;
  const position = await executeOpen(ctx, {
    tenantEnv: scope,
    market,
    user: user!,
    outcomeId: order.outcomeId,
    stake: order.stake,
    ...opening,
    openedVia: 'order',
    orderId: order.id,
  });
  const filled = { status: 'filled' as const, fillPriceMicro: position.priceMicro, positionId: position.id };
  await finishOrder(ctx.db, order.id, filled, now);
  const data = {
    order_id: order.id,
    position_id: position.id,
    external_user_id: order.externalUserId,
    market_slug: market.slug,
    outcome_id: order.outcomeId,
    stake: formatAmount(order.stake),
    limit_price: formatPrice(order.limitPriceMicro),
    fill_price: formatPrice(position.priceMicro),
  };
  await recordEvents(ctx.db, [{ scope, type: 'order.filled', data }], now);
  return filled;
}
