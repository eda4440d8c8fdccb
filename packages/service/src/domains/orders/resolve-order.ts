import type { Tx } from '../../db/connection.js';
import { assertNever } from '../../lib/assert-never.js';
import { formatAmount } from '../../lib/money.js';
import { recordEvents } from '../events/event-repo.js';
import type { LockedUser } from '../ledger/ledger-repo.js';
import type { MarketForTrade } from '../markets/market-repo.js';
import { formatPrice } from '../markets/model/quotes.js';
import { executeOpen } from '../positions/execute-open.js';
import { afterRefusedFill, decideOrder } from './model/order-rules.js';
import { finishOrder, type OrderView } from './order-repo.js';

export type OrderResolution =
  | { status: 'open' }
  | { status: 'expired' }
  | { status: 'rejected'; code: string }
  | { status: 'filled'; positionId: string; fillPriceMicro: bigint };

/**
 * Decides what happens to one open order now and writes it, inside the caller's transaction, which
 * holds the market's row lock and the order's (lock order: market, order, user). The user's row is
 * locked through lockUser only when the price is at the limit, so orders that wait cost no user lock.
 * A fill is an ordinary open (every rule of spec 4.1, max_price = limit_price) that sends order.filled
 * in the same transaction instead of position.opened; a refused fill rejects the order, with no event.
 */
export async function resolveOrder(
  tx: Tx,
  market: MarketForTrade,
  order: Pick<OrderView, 'id' | 'scope' | 'externalUserId' | 'outcomeId' | 'stake' | 'limitPriceMicro' | 'expiresAt'>,
  lockUser: () => Promise<LockedUser | undefined>,
  now: Date,
): Promise<OrderResolution> {
  const reject = async (code: string): Promise<OrderResolution> => {
    await finishOrder(tx, order.id, { status: 'rejected', rejectCode: code }, now);
    return { status: 'rejected', code };
  };
  const decision = decideOrder(order, market, now);
  switch (decision.action) {
    case 'wait':
      return { status: 'open' };
    case 'expire':
      await finishOrder(tx, order.id, { status: 'expired' }, now);
      return { status: 'expired' };
    case 'reject':
      return reject(decision.code);
    case 'fill':
      break;
    default:
      return assertNever(decision);
  }
  const user = await lockUser();
  if (!user) return reject('unknown_user');
  const { scope } = order;
  const opened = await executeOpen(
    tx,
    {
      scope,
      market,
      user,
      outcomeId: order.outcomeId,
      stake: order.stake,
      maxPriceMicro: order.limitPriceMicro,
      openedVia: 'order',
      orderId: order.id,
    },
    now,
  );
  if (!opened.ok)
    return afterRefusedFill(opened.rejection) === 'wait' ? { status: 'open' } : reject(opened.rejection.code);
  const { position } = opened;
  await finishOrder(
    tx,
    order.id,
    { status: 'filled', fillPriceMicro: position.priceMicro, positionId: position.id },
    now,
  );
  await recordEvents(
    tx,
    [
      {
        scope,
        type: 'order.filled',
        data: {
          order_id: order.id,
          position_id: position.id,
          external_user_id: order.externalUserId,
          market_slug: market.slug,
          outcome_id: order.outcomeId,
          stake: formatAmount(order.stake),
          limit_price: formatPrice(order.limitPriceMicro),
          fill_price: formatPrice(position.priceMicro),
        },
      },
    ],
    now,
  );
  return { status: 'filled', positionId: position.id, fillPriceMicro: position.priceMicro };
}
