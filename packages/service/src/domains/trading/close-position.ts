import { fieldRejected, type RequestContext } from '../../errors/index.js';
import { formatAmount } from '../../lib/money.js';
import { presenter } from '../../lib/present.js';
import type { TenantCtx } from '../context.js';
import { answered, submitTo, viaOf, type KeyedRoute, type Handler, type StoredAnswer } from '../handler.js';
import { refusalAnswer } from '../idempotency/index.js';
import { post } from '../ledger/index.js';
import { formatPrice, isAvailable } from '../markets/index.js';
import { fillOrders } from '../orders/index.js';
import { getPosition, Position, presentPosition, type PositionView } from '../positions/index.js';
import { closeRules } from './model/close-rules.js';
import { tradeRejection } from './model/trade-rejection.js';
import { moveSandbox, type TradeState } from './trade.js';

/** POST /v1/positions/{id}/close: 200 with the closed position. */
export const CLOSE_ROUTE: KeyedRoute<PositionView> = {
  operation: 'position_close',
  status: 200,
  present: presenter(Position, presentPosition),
};

export interface CloseInput {
  positionId: string;
  /** The position as the asker may see it; null: none it may see, so not_found once the key allows. */
  position: { marketId: string; marketSlug: string; externalUserId: string } | null;
  minPriceMicro: bigint;
}

/**
 * A close of a position the asker may see (docs/operator-api.md, "Positions"): judged by the close's rules, paid into
 * the user's balance, the market moved back, then the market's limit orders evaluated. A session's close tells the
 * operator (position.closed). 200 with the position stored for its key; a refused close gives its key back and is
 * listed in /v1/position-rejections.
 */
export const closeHandler: Handler<CloseInput, TradeState> = {
  route: CLOSE_ROUTE,
  needs: ({ position, positionId }, { ctx }) =>
    position
      ? {
          market: { id: position.marketId, slug: position.marketSlug },
          user: { scope: ctx.tenantEnv, externalUserId: position.externalUserId },
          positionId,
          trades: true,
        }
      : { trades: false },
  apply(state, input, { ctx, request, key }) {
    const refuse = (rejection: Parameters<typeof refusalAnswer>[0]) => refusalAnswer(rejection, request, state.now);
    const { position, positionId } = input;
    if (!position)
      return { answer: refuse({ code: 'not_found', message: `No position ${positionId}.` }), spend: false };
    const closed = close(state, ctx, input);
    if (closed.ok) return answered(CLOSE_ROUTE, closed.value);
    const attempt = { externalUserId: position.externalUserId, action: 'close' as const, positionId };
    state.positions.reject(ctx.tenantEnv, { ...attempt, code: closed.rejection.code, request: key!.fields });
    return { answer: refuse(closed.rejection), spend: false };
  },
};

function close(state: TradeState, ctx: TenantCtx, input: CloseInput) {
  const scope = ctx.tenantEnv;
  const position = state.positions.get(input.positionId);
  const held = position && state.markets.get(position.marketId);
  if (!position || !held) {
    return {
      ok: false as const,
      rejection: { code: 'not_found' as const, message: `No position ${input.positionId}.` },
    };
  }
  const user = state.balances.user(scope, position.externalUserId)!;
  const decision = closeRules({
    position,
    market: isAvailable(held, scope) ? held.market : null,
    now: state.now,
    close: { userStatus: user.status, minPriceMicro: input.minPriceMicro },
  });
  if (!decision.ok) return { ok: false as const, rejection: tradeRejection(decision.rejection, 'position') };
  const { quote } = decision;
  const posting = post(user.balance, quote.proceedsMinor);
  if (!posting.ok) {
    const message = 'The proceeds would take the balance past the largest balance the ledger holds.';
    return fieldRejected('params', 'id', message);
  }
  const transactionId = state.balances.post(user, {
    entryType: 'position_close_credit',
    amount: quote.proceedsMinor,
    balanceAfter: posting.balanceAfter,
    positionId: position.id,
  });
  const via = viaOf(ctx);
  const closing = {
    id: position.id,
    payout: quote.proceedsMinor,
    closePriceMicro: quote.closePriceMicro,
    transactionId,
    via,
  };
  const now = state.positions.close(position, closing, state.now);
  state.leaderboard.end({
    ...scope,
    userId: position.userId,
    before: null,
    after: { endedAt: state.now, stake: position.stake, payout: quote.proceedsMinor },
  });
  state.markets.move(held, quote.qAfter);
  moveSandbox(state, held, scope, position.outcomeId, -position.shares);
  if (via === 'session') {
    const data = {
      position_id: position.id,
      external_user_id: position.externalUserId,
      market_slug: position.marketSlug,
      outcome_id: position.outcomeId,
      payout: formatAmount(quote.proceedsMinor),
      close_price: formatPrice(quote.closePriceMicro),
      settlement_transaction_id: transactionId,
    };
    state.events.emit({ scope, type: 'position.closed', data });
  }
  fillOrders(state, held);
  const { seq: _seq, userId: _userId, marketId: _marketId, ...view } = now;
  return { ok: true as const, value: view satisfies PositionView };
}

/**
 * POST /v1/positions/{id}/close through the write engine: the position names its market and user, which
 * the round locks. A position the asker may not see is not_found, still after its key has had its say
 * (a replay, reused, in progress), and does not spend it.
 */
export async function closePosition(
  ctx: TenantCtx,
  request: RequestContext,
  unit: { key: string; fields: Record<string, unknown>; input: Omit<CloseInput, 'position'> },
): Promise<StoredAnswer> {
  const { key, fields, input } = unit;
  const seen = await getPosition(ctx, input.positionId);
  const position = seen.ok
    ? { marketId: seen.value.marketId, marketSlug: seen.value.marketSlug, externalUserId: seen.value.externalUserId }
    : null;
  return submitTo(closeHandler, { ctx, request, key: { key, fields } }, { ...input, position });
}
