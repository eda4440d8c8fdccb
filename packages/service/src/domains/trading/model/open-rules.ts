/**
 * The rules a trade must pass (docs/operator-api.md, "Positions"), in the order they are checked, as pure
 * functions of what the transaction read under its locks. One openRules serves an open, a limit-order
 * fill and an order placement (which checks the market and the user now, and the rest at the fill).
 * Rejections are values; trade-rejection.ts words them.
 */
import { post } from '../../ledger/model/balance.js';
import { quoteOpen, type OpenQuote } from '../../markets/model/quotes.js';
import { sandboxRefusal, type InfluenceBound } from '../../markets/model/sandbox-influence.js';

export type TradeRejection =
  | { code: 'validation_failed'; message: string }
  | { code: 'market_suspended' }
  | { code: 'unknown_user'; externalUserId: string }
  | { code: 'user_blocked' }
  | { code: 'stake_limit_exceeded'; remaining: bigint }
  | { code: 'sandbox_limit_reached'; remaining: bigint }
  | { code: 'price_moved'; priceMicro: bigint }
  | { code: 'would_overdraw'; balance: bigint };

export interface MarketWindow {
  status: 'open' | 'suspended' | 'resolved' | 'voided';
  opensAt: Date;
  closesAt: Date;
}

export interface TradedMarket extends MarketWindow {
  slug: string;
  outcomes: readonly { id: string }[];
  b: number;
  q: readonly number[];
  maxStakePerPosition: bigint;
  maxOpenStakePerUser: bigint;
}

export interface Trader {
  externalUserId: string;
  status: 'active' | 'blocked';
  balance: bigint;
}

/** Whether the market takes trades now: open status and inside [opens_at, closes_at). */
export function tradingRejection(market: MarketWindow, now: Date): TradeRejection | null {
  if (market.status === 'suspended') return { code: 'market_suspended' };
  if (market.status !== 'open') return { code: 'validation_failed', message: `The market is ${market.status}.` };
  if (now < market.opensAt) return { code: 'validation_failed', message: 'The market has not opened for trading yet.' };
  if (now >= market.closesAt) return { code: 'validation_failed', message: 'The market has closed for trading.' };
  return null;
}

/** The market's part of the rules: the outcome exists and the market trades now. */
export function marketRejection(market: TradedMarket, outcomeId: string, now: Date): TradeRejection | null {
  if (!market.outcomes.some((o) => o.id === outcomeId)) {
    return { code: 'validation_failed', message: `The market ${market.slug} has no outcome ${outcomeId}.` };
  }
  return tradingRejection(market, now);
}

/** stake_limit_exceeded with the stake that would still fit (never negative). */
export function stakeRejection(
  stake: bigint,
  caps: { maxStakePerPosition: bigint; maxOpenStakePerUser: bigint; openStake: bigint },
): TradeRejection | null {
  const userRoom = caps.maxOpenStakePerUser - caps.openStake;
  const remaining = userRoom < caps.maxStakePerPosition ? userRoom : caps.maxStakePerPosition;
  if (stake <= remaining) return null;
  return { code: 'stake_limit_exceeded', remaining: remaining > 0n ? remaining : 0n };
}

interface PlacementTerms {
  stage: 'placement';
  market: TradedMarket;
  /** The locked user, or the id asked for when it is not registered. */
  user: Trader | { externalUserId: string; missing: true };
  outcomeId: string;
  now: Date;
}

interface OpenTerms extends Omit<PlacementTerms, 'stage'> {
  stage: 'open';
  /** The user's open stake on this market before this position (what the per-user cap counts). */
  openStake: bigint;
  stake: bigint;
  maxPriceMicro: bigint;
  /**
   * For a sandbox trade on a shared market with a bound: the shares open sandbox positions hold per outcome
   * and what the trader's tenant environment bought and sold on it in the last 24 hours. Null otherwise.
   */
  sandbox: { bound: InfluenceBound; qSandbox: readonly bigint[]; dayShares: bigint } | null;
}

export type OpenDecision =
  { ok: true; quote: OpenQuote; balanceAfter: bigint } | { ok: false; rejection: TradeRejection };

/**
 * Decides a trade: unknown outcome, market not open or outside its window (validation_failed), suspended,
 * unknown user, blocked user; then, for an open or a fill, the stake caps, the sandbox bound, the price
 * against max_price, and the balance. A placement stops after the user: an order's stake is judged when it fills.
 */
export function openRules(terms: PlacementTerms): { ok: true } | { ok: false; rejection: TradeRejection };
export function openRules(terms: OpenTerms): OpenDecision;
export function openRules(terms: PlacementTerms | OpenTerms): { ok: true } | OpenDecision {
  const refuse = (rejection: TradeRejection) => ({ ok: false as const, rejection });
  const { market, user, now } = terms;
  const marketRefusal = marketRejection(market, terms.outcomeId, now);
  if (marketRefusal) return refuse(marketRefusal);
  if ('missing' in user) return refuse({ code: 'unknown_user', externalUserId: user.externalUserId });
  if (user.status === 'blocked') return refuse({ code: 'user_blocked' });
  if (terms.stage === 'placement') return { ok: true };

  const caps = { ...market, openStake: terms.openStake };
  const overCap = stakeRejection(terms.stake, caps);
  if (overCap) return refuse(overCap);
  const index = market.outcomes.findIndex((o) => o.id === terms.outcomeId);
  const quote = quoteOpen(market.q, market.b, index, terms.stake);
  if (!quote.ok) {
    return refuse({ code: 'validation_failed', message: `The market maker cannot fill this stake (${quote.code}).` });
  }
  if (terms.sandbox) {
    const { bound, ...held } = terms.sandbox;
    const trade = { q: market.q, b: market.b, outcome: index, shares: quote.shares, ...held };
    const overBound = sandboxRefusal(trade, bound);
    if (overBound) return refuse({ code: 'sandbox_limit_reached', remaining: overBound.remaining });
  }
  if (quote.priceMicro > terms.maxPriceMicro) return refuse({ code: 'price_moved', priceMicro: quote.priceMicro });
  const posting = post(user.balance, -terms.stake);
  if (!posting.ok) return refuse({ code: 'would_overdraw', balance: posting.balance });
  return { ok: true, quote, balanceAfter: posting.balanceAfter };
}
