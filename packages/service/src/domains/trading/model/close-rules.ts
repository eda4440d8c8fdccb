import { quoteClose, type CloseQuote } from '../../markets/model/quotes.js';
import { tradingRejection, type TradeRejection, type TradedMarket } from './open-rules.js';

export type CloseRejection = TradeRejection | { code: 'position_terminal'; state: string };

export interface ClosingPosition {
  state: 'open' | 'closed' | 'settled_win' | 'settled_loss' | 'voided';
  outcomeId: string;
  shares: bigint;
}

/**
 * Decides a close (docs/operator-api.md, "Positions"): a position that is not open is terminal; its market must still
 * be available to the tenant and trading; the market maker must be able to buy the shares back. A quote stops there; a
 * close also needs an active user and a close price at or above min_price.
 */
export function closeRules(terms: {
  position: ClosingPosition;
  market: TradedMarket | null;
  now: Date;
  /** Absent for a quote. */
  close?: { userStatus: 'active' | 'blocked'; minPriceMicro: bigint };
}): { ok: true; quote: CloseQuote } | { ok: false; rejection: CloseRejection } {
  const refuse = (rejection: CloseRejection) => ({ ok: false as const, rejection });
  const { position, market, now, close } = terms;
  if (position.state !== 'open') return refuse({ code: 'position_terminal', state: position.state });
  if (!market)
    return refuse({
      code: 'validation_failed',
      message: 'The market is no longer available to this tenant.',
      field: 'market_slug',
    });
  const trading = tradingRejection(market, now);
  if (trading) return refuse(trading);
  const index = market.outcomes.findIndex((o) => o.id === position.outcomeId);
  const quote = quoteClose(market.q, market.b, index, position.shares);
  if (!quote.ok) {
    // The reason travels in details (docs/operator-api.md, "Positions"): a position worth less than a cent
    // cannot be closed, only settled, and a client says so rather than "check what you entered".
    const message =
      quote.code === 'proceeds_too_small'
        ? 'These shares are worth less than 0.01 now, so the market maker cannot buy them back; the position settles when the market ends.'
        : `The market maker cannot buy these shares back now (${quote.code}).`;
    return refuse({
      code: 'validation_failed',
      message,
      ...(quote.code === 'proceeds_too_small' && { reason: quote.code }),
    });
  }
  if (close?.userStatus === 'blocked') return refuse({ code: 'user_blocked' });
  if (close && quote.closePriceMicro < close.minPriceMicro) {
    return refuse({ code: 'price_moved', priceMicro: quote.closePriceMicro });
  }
  return { ok: true, quote };
}
