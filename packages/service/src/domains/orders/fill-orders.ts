import { assertNever } from '../../lib/assert-never.js';
import { formatAmount } from '../../lib/money.js';
import type { TenantEnv } from '../context.js';
import type { RoundEvents } from '../events/index.js';
import type { OpeningsPaused } from '../kill-switches/index.js';
import type { RoundBalances } from '../ledger/index.js';
import { formatPrice, isAvailable, type HeldMarket, type RoundMarkets } from '../markets/index.js';
import type { PositionView } from '../positions/index.js';
import type { OpenDecision } from '../trading/model/open-rules.js';
import { afterRefusedFill, decideOrder, type OrderDecision } from '../trading/model/order-rules.js';
import type { OrderView } from './order-repo.js';
import type { RoundOrders } from './round-orders.js';

/** An order's fill as the open it is: the order's user, outcome and stake, with max_price = limit_price. */
export interface FillTerms {
  scope: TenantEnv;
  externalUserId: string;
  outcomeId: string;
  stake: bigint;
  maxPriceMicro: bigint;
}

/**
 * The open a fill is, as the trading domain does it (trading/trade.ts), reached through the round's state
 * so that orders, which trading evaluates after every trade, do not import trading back.
 */
export interface Opener {
  decide(held: HeldMarket, terms: FillTerms): OpenDecision;
  /** Opens a position the decision allowed. */
  open(held: HeldMarket, terms: FillTerms & { orderId: string }): PositionView;
}

/** What evaluating a market's orders reads and changes in a round. */
export interface OrderState {
  now: Date;
  markets: RoundMarkets;
  orders: RoundOrders;
  balances: RoundBalances;
  events: RoundEvents;
  /** The positions kill switch and tenant pauses: orders wait unfilled while on. */
  paused: OpeningsPaused;
  opener: Opener;
}

/**
 * The market's open orders, oldest first, each against the state the trades and fills before it left
 * (docs/operator-api.md, "Limit orders"): expired, rejected when the market can never fill it, or filled
 * when the price reaches its limit and the open's rules allow (order.filled). An order whose user the
 * round did not lock stays open for the next trade or the sweep. Returns how many orders ended.
 */
export function fillOrders(state: OrderState, held: HeldMarket): number {
  let ended = 0;
  const orders = state.orders.ofMarket(held.market.id);
  // Only a fill moves q and balances, so only after a fill can an order passed over become actionable: the
  // scan then starts again at the oldest; after any other step (an expiry, a rejection, an order parked
  // until q moves) it goes on from where it is. That is the oldest actionable order each time, in one scan
  // per fill, so that orders parked at the sandbox bound cost a trade one look each, not one scan each.
  const bound = (orders.length + 1) ** 2;
  let steps = 0;
  for (let i = 0; i < orders.length; i += 1) {
    if ((steps += 1) > bound) throw new Error(`evaluating the orders of ${held.market.slug} did not settle`);
    const order = orders[i]!;
    const decision = order.status === 'open' ? actionNow(state, held, order) : null;
    if (!decision) continue;
    switch (decision.action) {
      case 'wait':
        return ended;
      case 'expire':
        state.orders.finish(order, { status: 'expired' });
        ended += 1;
        break;
      case 'reject':
        state.orders.finish(order, { status: 'rejected', rejectCode: decision.code });
        ended += 1;
        break;
      case 'fill': {
        const outcome = fill(state, held, order);
        if (outcome !== 'waits') ended += 1;
        // A fill moved q: the oldest first again.
        if (outcome === 'filled') i = -1;
        break;
      }
      default:
        assertNever(decision);
    }
  }
  return ended;
}

/**
 * What an open order does now, or null when nothing: under the kill switch only expiry; a fill needs its
 * user locked; an order parked at this q waits for it to move.
 */
function actionNow(state: OrderState, held: HeldMarket, order: OrderView): OrderDecision | null {
  const decision = decideOrder(order, held.market, state.now);
  const { action } = decision;
  if (action === 'wait') return null;
  if (action === 'fill' && (state.paused.all || state.paused.tenants.has(order.scope.tenantId))) return null;
  if (action === 'fill' && !state.balances.user(order.scope, order.externalUserId)) return null;
  return state.orders.waitsAt(order, held.market.q) ? null : decision;
}

/** Fills the order or rejects it, or it waits for the price to move (it stays open). */
function fill(state: OrderState, held: HeldMarket, order: OrderView): 'filled' | 'rejected' | 'waits' {
  if (!isAvailable(held, order.scope)) {
    // The market was disabled for the order's tenant after placement: it can no longer trade there.
    state.orders.finish(order, { status: 'rejected', rejectCode: 'validation_failed' });
    return 'rejected';
  }
  const terms = {
    scope: order.scope,
    externalUserId: order.externalUserId,
    outcomeId: order.outcomeId,
    stake: order.stake,
    maxPriceMicro: order.limitPriceMicro,
  };
  const decision = state.opener.decide(held, terms);
  if (!decision.ok) {
    if (afterRefusedFill(decision.rejection) === 'wait') {
      state.orders.waitForMove(order, held.market.q);
      return 'waits';
    }
    state.orders.finish(order, { status: 'rejected', rejectCode: decision.rejection.code });
    return 'rejected';
  }
  const position = state.opener.open(held, { ...terms, orderId: order.id });
  state.orders.finish(order, { status: 'filled', fillPriceMicro: position.priceMicro, positionId: position.id });
  const data = {
    order_id: order.id,
    position_id: position.id,
    external_user_id: order.externalUserId,
    market_slug: held.market.slug,
    outcome_id: order.outcomeId,
    stake: formatAmount(order.stake),
    limit_price: formatPrice(order.limitPriceMicro),
    fill_price: formatPrice(position.priceMicro),
  };
  state.events.emit({ scope: order.scope, type: 'order.filled', data });
  return 'filled';
}
