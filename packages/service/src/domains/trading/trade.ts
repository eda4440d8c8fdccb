import { ok, type Result } from '../../errors/index.js';
import { formatAmount } from '../../lib/money.js';
import { newId } from '../../lib/ids.js';
import type { TenantEnv } from '../context.js';
import type { Via } from '../handler.js';
import { formatPrice, movesSandbox, type HeldMarket } from '../markets/index.js';
import type { FillTerms, Opener, OrderState } from '../orders/index.js';
import type { RoundLeaderboard } from '../leaderboard/index.js';
import { NO_STANDING, type RoundLimits } from '../player-limits/index.js';
import type { PositionView, RoundPositions } from '../positions/index.js';
import { openRules, type OpenDecision } from './model/open-rules.js';
import { tradeRejection } from './model/trade-rejection.js';

/**
 * What a trade reads and changes in a round: what evaluating the market's orders after it does, positions,
 * and the leaderboard a close counts in.
 */
export interface TradeState extends OrderState {
  positions: RoundPositions;
  leaderboard: RoundLeaderboard;
  limits: RoundLimits;
}

/** An open as a round takes it: by an operator or a session, or an order's fill. */
export interface OpenAsk extends FillTerms {
  via: Via;
  orderId: string | null;
}

/** The open's rules (model/open-rules.ts) against the round's state: the market, the user, their stakes. */
export function decideOpen(state: TradeState, held: HeldMarket, ask: FillTerms): OpenDecision {
  const { market } = held;
  const user = state.balances.user(ask.scope, ask.externalUserId);
  const bound = movesSandbox(ask.scope, market) ? market.sandboxBound : null;
  return openRules({
    stage: 'open',
    market,
    user: user ?? { externalUserId: ask.externalUserId, missing: true },
    player: user ? state.limits.of(user.id) : NO_STANDING,
    openStake: user ? state.positions.openStake(user.id, market.id) : 0n,
    outcomeId: ask.outcomeId,
    stake: ask.stake,
    maxPriceMicro: ask.maxPriceMicro,
    sandbox: bound && {
      bound,
      qSandbox: market.qSandbox,
      dayShares: state.positions.dayShares(ask.scope.tenantId, market.id),
    },
    now: state.now,
  });
}

/**
 * An open judged and, when allowed, made: the stake debited, the position opened, the market moved (and
 * its sandbox shares, for a sandbox trade on a shared market). A session's open tells the operator
 * (position.opened); an order's fill sends order.filled instead (orders/fill-orders.ts).
 */
export function openOn(state: TradeState, held: HeldMarket, ask: OpenAsk): Result<PositionView> {
  const decision = decideOpen(state, held, ask);
  if (!decision.ok) return { ok: false, rejection: tradeRejection(decision.rejection, 'body') };
  const { market } = held;
  const user = state.balances.user(ask.scope, ask.externalUserId)!;
  const { quote } = decision;
  const positionId = newId();
  const transactionId = state.balances.post(user, {
    entryType: 'position_open_debit',
    amount: -ask.stake,
    balanceAfter: decision.balanceAfter,
    positionId,
  });
  state.positions.open({
    scope: ask.scope,
    id: positionId,
    userId: user.id,
    marketId: market.id,
    outcomeId: ask.outcomeId,
    stake: ask.stake,
    shares: quote.shares,
    priceMicro: quote.priceMicro,
    openTransactionId: transactionId,
    openedVia: ask.via,
    orderId: ask.orderId,
  });
  state.limits.staked(user.id, ask.stake, state.now);
  state.markets.move(held, quote.qAfter);
  moveSandbox(state, held, ask.scope, ask.outcomeId, quote.shares);
  if (ask.via === 'session') {
    const data = {
      position_id: positionId,
      external_user_id: user.externalUserId,
      market_slug: market.slug,
      outcome_id: ask.outcomeId,
      stake: formatAmount(ask.stake),
      price: formatPrice(quote.priceMicro),
      open_transaction_id: transactionId,
    };
    state.events.emit({ scope: ask.scope, type: 'position.opened', data });
  }
  return ok({
    id: positionId,
    externalUserId: user.externalUserId,
    marketSlug: market.slug,
    outcomeId: ask.outcomeId,
    state: 'open',
    stake: ask.stake,
    shares: quote.shares,
    priceMicro: quote.priceMicro,
    payout: null,
    closePriceMicro: null,
    openTransactionId: transactionId,
    settlementTransactionId: null,
    openedAt: state.now,
    closedAt: null,
    settledAt: null,
  });
}

/** A sandbox trade on a shared market: its shares held by the market, and its tenant environment's day. */
export function moveSandbox(state: TradeState, held: HeldMarket, scope: TenantEnv, outcomeId: string, shares: bigint) {
  if (state.markets.moveSandbox(held, scope, outcomeId, shares)) {
    state.positions.traded(scope.tenantId, held.market.id, shares);
  }
}

/** The open an order's fill is, for orders/fill-orders.ts, bound to the round's state. */
export function openerOf(state: TradeState): Opener {
  return {
    decide: (held, terms) => decideOpen(state, held, terms),
    open(held, terms) {
      const opened = openOn(state, held, { ...terms, via: 'order' });
      if (!opened.ok) throw new Error(`a fill decided as open was refused: ${opened.rejection.code}`);
      return opened.value;
    },
  };
}
