import { assertNever } from '../../lib/assert-never.js';
import { formatAmount } from '../../lib/money.js';
import type { TenantEnv } from '../context.js';
import type { RoundEvents } from '../events/index.js';
import type { OpeningsPaused } from '../kill-switches/index.js';
import type { RoundBalances } from '../ledger/index.js';
import { formatPrice, isAvailable, type HeldMarket, type RoundMarkets } from '../markets/index.js';
import type { PositionView } from '../positions/index.js';
import type { OpenDecision } from '../trading/model/open-rules.js';
import { afterRefusedFill, decideOrder } from '../trading/model/order-rules.js';
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
  // scan then starts again at the oldest; after any other step it goes on from where it is. That is the
  // oldest actionable order each time, in one scan per fill (not one per step: thousands of orders parked
  // at a bound cost a trade seconds when each park started the scan again).
  const bound = (orders.length + 1) ** 2;
  /** Tenant environments and outcomes whose sandbox room on this market is used up until a fill moves q. */
  let noRoom = new Set<string>();
  let steps = 0;
  for (let i = 0; i < orders.length; i += 1) {
    if ((steps += 1) > bound) throw new Error(`evaluating the orders of ${held.market.slug} did not settle`);
    const order = orders[i]!;
    if (order.status !== 'open' || noRoom.has(roomKey(order)) || !actionable(state, held, order)) continue;
    const decision = decideOrder(order, held.market, state.now);
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
        if (outcome === 'no_room') noRoom.add(roomKey(order));
        if (outcome === 'filled' || outcome === 'rejected') ended += 1;
        if (outcome === 'filled') {
          noRoom = new Set();
          i = -1;
        }
        break;
      }
      default:
        assertNever(decision);
    }
  }
  return ended;
}

/** Room is judged per tenant environment and outcome: an order on another outcome may move the price back. */
const roomKey = (order: OrderView) => `${order.scope.tenantId}:${order.scope.environment}:${order.outcomeId}`;

/** Whether an open order does something now: under the kill switch only expiry; a fill needs its user locked. */
function actionable(state: OrderState, held: HeldMarket, order: OrderView): boolean {
  const action = decideOrder(order, held.market, state.now).action;
  if (action === 'wait') return false;
  if (action === 'fill' && (state.paused.all || state.paused.tenants.has(order.scope.tenantId))) return false;
  if (action === 'fill' && !state.balances.user(order.scope, order.externalUserId)) return false;
  return !state.orders.waitsAt(order, held.market.q);
}

/**
 * Fills the order or rejects it, or it waits for the price to move (it stays open); `no_room` when it waits
 * because its sandbox room on the market is used up (none left for its outcome), which no other order fits either.
 */
function fill(state: OrderState, held: HeldMarket, order: OrderView): 'filled' | 'rejected' | 'waits' | 'no_room' {
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
    const { rejection } = decision;
    if (afterRefusedFill(rejection) === 'wait') {
      state.orders.waitForMove(order, held.market.q);
      return rejection.code === 'sandbox_limit_reached' && rejection.remaining === 0n ? 'no_room' : 'waits';
    }
    state.orders.finish(order, { status: 'rejected', rejectCode: rejection.code });
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
