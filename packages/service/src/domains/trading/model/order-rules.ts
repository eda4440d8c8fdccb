/**
 * What happens to a limit order, as pure functions of the order, the market's state and the time
 * (docs/operator-api.md, "Limit orders"). The verbs read the state under their locks
 * and apply the result.
 */
import { limitOrderFill } from '../../markets/model/quotes.js';
import { tradingRejection, type MarketWindow, type TradeRejection } from './open-rules.js';

export interface OrderTerms {
  outcomeId: string;
  /** Cents. */
  stake: bigint;
  limitPriceMicro: bigint;
  expiresAt: Date | null;
}

export interface MarketState extends MarketWindow {
  b: number;
  q: readonly number[];
  outcomes: readonly { id: string }[];
}

/**
 * expire: past expires_at. wait: stays open (price above the limit, or the market suspended, which can
 * reopen). reject: the market can never fill it (not open, outside its window, no such outcome).
 * fill: the price at open for the stake is at or below the limit now; the open's other rules decide.
 */
export type OrderDecision =
  { action: 'expire' } | { action: 'wait' } | { action: 'reject'; code: TradeRejection['code'] } | { action: 'fill' };

/** An order is expired from its expires_at on (the instant itself included). */
export function isExpired(order: Pick<OrderTerms, 'expiresAt'>, now: Date): boolean {
  return order.expiresAt !== null && now.getTime() >= order.expiresAt.getTime();
}

/**
 * What an open order does now. The price comes before the user's rules (balance, blocked, caps): an
 * order whose price is not reached yet is not a fill that fails, so those rules are only applied
 * when it would fill; until then the user may still fund the balance or free the cap.
 */
export function decideOrder(order: OrderTerms, market: MarketState, now: Date): OrderDecision {
  if (isExpired(order, now)) return { action: 'expire' };
  const trading = tradingRejection(market, now);
  if (trading?.code === 'market_suspended') return { action: 'wait' };
  if (trading) return { action: 'reject', code: trading.code };
  const index = market.outcomes.findIndex((o) => o.id === order.outcomeId);
  if (index < 0) return { action: 'reject', code: 'validation_failed' };
  // An order whose stake the market maker cannot quote right now (too large for the depth) is above its limit.
  return limitOrderFill(market.q, market.b, index, order.stake, order.limitPriceMicro).fills
    ? { action: 'fill' }
    : { action: 'wait' };
}

/**
 * When the open of a fill is refused: price_moved (the price is not at the limit after all), a suspended
 * market and the sandbox bound (its room comes back as prices and the day move on) leave the order open;
 * any other rule (balance, blocked user, stake caps, window) rejects it for good.
 */
export function afterRefusedFill(rejection: TradeRejection): 'wait' | 'reject' {
  const waits: readonly TradeRejection['code'][] = ['price_moved', 'market_suspended', 'sandbox_limit_reached'];
  return waits.includes(rejection.code) ? 'wait' : 'reject';
}
