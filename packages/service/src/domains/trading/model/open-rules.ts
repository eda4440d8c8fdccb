/**
 * The rules a trade must pass (docs/operator-api.md, "Positions"), in the order they are checked, as pure
 * functions of what the transaction read under its locks. One openRules serves an open, a limit-order
 * fill and an order placement (which checks the market and the user now, and the rest at the fill).
 * Rejections are values; trade-rejection.ts words them.
 */
import { post } from '../../ledger/model/balance.js';
import { quoteOpen, type OpenQuote } from '../../markets/model/quotes.js';
import { sandboxRefusal, type InfluenceBound } from '../../markets/model/sandbox-influence.js';
import {
  exclusionRefusal,
  stakeLimitRefusal,
  type LimitName,
  type PlayerLimits,
  type StakeUse,
} from '../../player-limits/model/limits.js';

export type TradeRejection =
  | {
      code: 'validation_failed';
      message: string;
      /** The body field the refusal is about, for details.issues. */
      field?: 'market_slug' | 'outcome_id' | 'stake';
      reason?: 'proceeds_too_small';
    }
  | { code: 'market_suspended' }
  | { code: 'unknown_user'; externalUserId: string }
  | { code: 'user_blocked' }
  | { code: 'user_excluded'; excludedUntil: Date }
  | { code: 'stake_limit_exceeded'; remaining: bigint }
  | { code: 'user_limit_reached'; limit: LimitName; remaining: bigint; resetsAt: Date | null }
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
  const refuse = (message: string) => ({ code: 'validation_failed' as const, message, field: 'market_slug' as const });
  if (market.status !== 'open') return refuse(`The market is ${market.status}.`);
  if (now < market.opensAt) return refuse('The market has not opened for trading yet.');
  if (now >= market.closesAt) return refuse('The market has closed for trading.');
  return null;
}

/** The outcome asked for is one of the market's. */
export function outcomeRejection(market: TradedMarket, outcomeId: string): TradeRejection | null {
  if (market.outcomes.some((o) => o.id === outcomeId)) return null;
  return {
    code: 'validation_failed',
    message: `The market ${market.slug} has no outcome ${outcomeId}.`,
    field: 'outcome_id',
  };
}

/** The market's part of the rules: the outcome exists and the market trades now. */
export function marketRejection(market: TradedMarket, outcomeId: string, now: Date): TradeRejection | null {
  return outcomeRejection(market, outcomeId) ?? tradingRejection(market, now);
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
  /** The user's limits in force and what they staked in each window (docs/operator-api.md, "Player limits"). */
  player: { limits: PlayerLimits; use: StakeUse };
  outcomeId: string;
  stake: bigint;
  now: Date;
}

interface OpenTerms extends Omit<PlacementTerms, 'stage'> {
  stage: 'open';
  /** The user's open stake on this market before this position (what the per-user cap counts). */
  openStake: bigint;
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
 * Decides a trade. When several rules refuse it, the first of this order answers: an unknown outcome
 * (validation_failed), an unknown user, a blocked user, a user on a break, the market's state (suspended;
 * not open or outside its window, validation_failed); then, for an open or a fill, the stake caps; for
 * every stage the player's stake limits; then the sandbox bound, the balance and the price against
 * max_price. A placement stops after the limits: the rest of an order's stake is judged when it fills.
 */
export function openRules(terms: PlacementTerms): { ok: true } | { ok: false; rejection: TradeRejection };
export function openRules(terms: OpenTerms): OpenDecision;
export function openRules(terms: PlacementTerms | OpenTerms): { ok: true } | OpenDecision {
  const refuse = (rejection: TradeRejection) => ({ ok: false as const, rejection });
  const { market, user, now } = terms;
  const noOutcome = outcomeRejection(market, terms.outcomeId);
  if (noOutcome) return refuse(noOutcome);
  if ('missing' in user) return refuse({ code: 'unknown_user', externalUserId: user.externalUserId });
  if (user.status === 'blocked') return refuse({ code: 'user_blocked' });
  const onBreak = exclusionRefusal(terms.player.limits, now);
  if (onBreak) return refuse(onBreak);
  const marketRefusal = tradingRejection(market, now);
  if (marketRefusal) return refuse(marketRefusal);

  if (terms.stage === 'open') {
    const overCap = stakeRejection(terms.stake, { ...market, openStake: terms.openStake });
    if (overCap) return refuse(overCap);
  }
  const overLimit = stakeLimitRefusal(terms.player.limits, terms.player.use, terms.stake);
  if (overLimit) return refuse(overLimit);
  if (terms.stage === 'placement') return { ok: true };

  const index = market.outcomes.findIndex((o) => o.id === terms.outcomeId);
  const quote = quoteOpen(market.q, market.b, index, terms.stake);
  if (!quote.ok) {
    return refuse({
      code: 'validation_failed',
      message: `The market maker cannot fill this stake (${quote.code}).`,
      field: 'stake',
    });
  }
  if (terms.sandbox) {
    const { bound, ...held } = terms.sandbox;
    const trade = { q: market.q, b: market.b, outcome: index, shares: quote.shares, ...held };
    const overBound = sandboxRefusal(trade, bound);
    if (overBound) return refuse({ code: 'sandbox_limit_reached', remaining: overBound.remaining });
  }
  const posting = post(user.balance, -terms.stake);
  if (!posting.ok) return refuse({ code: 'would_overdraw', balance: posting.balance });
  if (quote.priceMicro > terms.maxPriceMicro) return refuse({ code: 'price_moved', priceMicro: quote.priceMicro });
  return { ok: true, quote, balanceAfter: posting.balanceAfter };
}
