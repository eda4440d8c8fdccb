import type { Executor } from '../../../db/connection.js';
import { assertNever } from '../../../lib/assert-never.js';
import type { NewEvent } from '../../events/index.js';
import { isPaused } from '../../kill-switches/index.js';
import { formatPrice } from '../../markets/index.js';
import { formatAmount } from '../../../lib/money.js';
import type { PositionView } from '../../positions/index.js';
import { lockOpenOrder, type OrderView } from '../../orders/index.js';
import { afterRefusedFill, decideOrder } from '../model/order-rules.js';
import { lockTraders, traderKey } from './lock-traders.js';
import type { MarketBook } from './market-book.js';

/**
 * The market's open orders, evaluated inside the batch whose trades moved the price (issue 12, DESIGN
 * part 4): oldest first, each against the state the trades and the fills before it left, so a fill never
 * waits for the next trade. A fill is an open with max_price = limit_price and sends order.filled.
 *
 * The batch holds its traders' locks already, so an order's row and its user's row are taken here only
 * if free (skip locked): waiting could close a cycle with another market's batch. An order so skipped
 * stays open for the next trade on the market or the periodic sweep (sweepOrders). Orders are evaluated
 * after all of the batch's trades, against the price they left: a trade later in the batch does not see
 * a fill an earlier one made possible.
 */
export async function fillOrdersInBatch(tx: Executor, book: MarketBook, orders: readonly OrderView[]): Promise<void> {
  const settled = new Set<string>();
  let openingPaused: boolean | undefined;
  for (;;) {
    const pending = orders.filter((o) => !settled.has(o.id));
    const acting = pending.find((o) => decideOrder(o, book.market, book.now).action !== 'wait');
    if (!acting) return;
    // Under the positions kill switch orders wait unfilled (decisions part 5); expiry still ends them.
    openingPaused ??= await isPaused(tx, 'positions');
    const order = openingPaused
      ? pending.find((o) => decideOrder(o, book.market, book.now).action === 'expire')
      : acting;
    if (!order) return;
    settled.add(order.id);
    await settle(tx, book, order);
  }
}

async function settle(tx: Executor, book: MarketBook, order: OrderView): Promise<void> {
  const decision = decideOrder(order, book.market, book.now);
  switch (decision.action) {
    case 'wait':
      return;
    case 'expire':
      return book.finishOrder(order.id, { status: 'expired' }, null);
    case 'reject':
      return book.finishOrder(order.id, { status: 'rejected', rejectCode: decision.code }, null);
    case 'fill':
      return fill(tx, book, order);
    default:
      return assertNever(decision);
  }
}

async function fill(tx: Executor, book: MarketBook, order: OrderView): Promise<void> {
  if (!book.isEnabledFor(order.scope.tenantId)) {
    // The market was disabled for the order's tenant after placement: it can no longer trade there.
    return book.finishOrder(order.id, { status: 'rejected', rejectCode: 'validation_failed' }, null);
  }
  if (!(await lockOpenOrder(tx, order.id, { skipLocked: true }))) return;
  if (!book.trader(order.scope, order.externalUserId)) {
    const who = [{ scope: order.scope, externalUserId: order.externalUserId }];
    const locked = await lockTraders(tx, book.market.id, who, { skipLocked: true });
    const trader = locked.get(traderKey(order.scope, order.externalUserId));
    if (!trader) return;
    book.traders.set(traderKey(order.scope, order.externalUserId), trader);
  }
  const ask = { scope: order.scope, externalUserId: order.externalUserId, outcomeId: order.outcomeId };
  const terms = { ...ask, stake: order.stake, maxPriceMicro: order.limitPriceMicro };
  const decision = book.decideOpen(terms);
  if (!decision.ok) {
    if (afterRefusedFill(decision.rejection) === 'wait') return;
    const change = { status: 'rejected' as const, rejectCode: decision.rejection.code };
    return book.finishOrder(order.id, change, null);
  }
  const opened = book.open({ ...terms, via: 'order', orderId: order.id });
  if (!opened.ok) throw new Error(`a fill decided as open was refused: ${opened.rejection.code}`);
  const position = opened.value;
  const change = { status: 'filled' as const, fillPriceMicro: position.priceMicro, positionId: position.id };
  book.finishOrder(order.id, change, orderFilledEvent(order, book.market.slug, position));
}

/** order.filled, sent in the transaction of the fill instead of position.opened. */
function orderFilledEvent(
  order: OrderView,
  marketSlug: string,
  position: Pick<PositionView, 'id' | 'priceMicro'>,
): NewEvent {
  const data = {
    order_id: order.id,
    position_id: position.id,
    external_user_id: order.externalUserId,
    market_slug: marketSlug,
    outcome_id: order.outcomeId,
    stake: formatAmount(order.stake),
    limit_price: formatPrice(order.limitPriceMicro),
    fill_price: formatPrice(position.priceMicro),
  };
  return { scope: order.scope, type: 'order.filled', data };
}
