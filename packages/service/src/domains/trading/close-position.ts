import { ok, rejected, type Rejection, type Result } from '../../errors/index.js';
import { newId } from '../../lib/ids.js';
import { formatAmount } from '../../lib/money.js';
import type { TenantCtx } from '../context.js';
import { recordEvents } from '../events/index.js';
import { lockUsers, post, postEntries } from '../ledger/index.js';
import { formatPrice, saveMarketState } from '../markets/index.js';
import { getPosition, markClosed, recordRejection, type PositionView } from '../positions/index.js';
import { evaluateOrders } from './evaluate-orders.js';
import { lockMarketForTrade } from './market-lock.js';
import { closeRules } from './model/close-rules.js';
import { tradeRejection } from './model/trade-rejection.js';

export interface CloseInput {
  positionId: string;
  minPriceMicro: bigint;
}

/**
 * POST /v1/positions/{id}/close, in the caller's transaction: sells the position's shares back to the
 * market maker. Locks the market, then the position and its user (the lock order of every trade), decides
 * with closeRules, posts the proceeds. A close of a position that is not open is position_terminal and
 * sends nothing; a session's close sends position.closed. After the commit the market's limit orders are
 * evaluated.
 */
export async function closePosition(ctx: TenantCtx, input: CloseInput): Promise<Result<PositionView>> {
  const { tenantEnv, now } = ctx;
  const seen = await getPosition(ctx, input.positionId);
  if (!seen.ok) return seen;
  const market = await lockMarketForTrade(ctx.db, tenantEnv.tenantId, { id: seen.value.marketId });
  const locked = await getPosition(ctx, input.positionId, { lock: true });
  if (!locked.ok) return locked;
  const position = locked.value;
  const user = (await lockUsers(ctx.db, tenantEnv, [position.externalUserId])).get(position.externalUserId)!;
  const close = { userStatus: user.status, minPriceMicro: input.minPriceMicro };
  const decision = closeRules({ position, market, now, close });
  if (!decision.ok) return { ok: false, rejection: tradeRejection(decision.rejection) };
  const { quote } = decision;
  const posting = post(user.balance, quote.proceedsMinor);
  if (!posting.ok) {
    return rejected(
      'validation_failed',
      'The proceeds would take the balance past the largest balance the ledger holds.',
    );
  }

  const transactionId = newId();
  const credit = {
    id: transactionId,
    userId: user.id,
    entryType: 'position_close_credit',
    amount: quote.proceedsMinor,
    balanceAfter: posting.balanceAfter,
    reversesTransactionId: null,
    positionId: position.id,
  };
  await postEntries(ctx.db, tenantEnv, [credit], now);
  const via = ctx.actor.kind === 'user' ? 'session' : 'api_key';
  const closing = { payout: quote.proceedsMinor, closePriceMicro: quote.closePriceMicro, transactionId, via } as const;
  await markClosed(ctx.db, position.id, closing, now);
  await saveMarketState(ctx.db, market!.id, quote.qAfter, market!.b, now);
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
    await recordEvents(ctx.db, [{ scope: tenantEnv, type: 'position.closed', data }], now);
  }
  ctx.afterCommit((after) => evaluateOrders(after, { id: market!.id }));
  return ok({
    ...position,
    state: 'closed',
    payout: quote.proceedsMinor,
    closePriceMicro: quote.closePriceMicro,
    settlementTransactionId: transactionId,
    closedAt: now,
  });
}

/**
 * Records a refused close with the request's fields, after its transaction rolled back. A close of a
 * position that is not there (or not the session's) names no user to record it for.
 */
export async function recordCloseRejection(
  ctx: TenantCtx,
  attempt: { input: CloseInput; fields: Record<string, unknown> },
  rejection: Rejection,
): Promise<void> {
  const position = await getPosition(ctx, attempt.input.positionId);
  if (!position.ok) return;
  const { positionId } = attempt.input;
  const record = { externalUserId: position.value.externalUserId, action: 'close' as const, positionId };
  await recordRejection(ctx.db, ctx.tenantEnv, { ...record, code: rejection.code, request: attempt.fields }, ctx.now);
}
