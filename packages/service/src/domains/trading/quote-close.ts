import { ok, type Result } from '../../errors/index.js';
import { withTransaction, type TenantCtx } from '../context.js';
import { getPosition } from '../positions/index.js';
import { lockMarketForTrade } from './market-lock.js';
import { closeRules } from './model/close-rules.js';
import { tradeRejection } from './model/trade-rejection.js';

export interface CloseQuoteView {
  positionId: string;
  proceeds: bigint;
  closePriceMicro: bigint;
  quotedAt: Date;
}

/**
 * POST /v1/positions/{id}/close-quote: what a close would pay now. Changes nothing, so it takes no
 * Idempotency-Key; it reads the market under its lock so the quote matches a close at that instant.
 */
export async function quoteClose(ctx: TenantCtx, positionId: string): Promise<Result<CloseQuoteView>> {
  const position = await getPosition(ctx, positionId);
  if (!position.ok) return position;
  return withTransaction(ctx, async (tx) => {
    const market = await lockMarketForTrade(tx.db, ctx.tenantEnv, { id: position.value.marketId });
    const decision = closeRules({ position: position.value, market, now: ctx.now });
    if (!decision.ok) return { ok: false, rejection: tradeRejection(decision.rejection, 'position') };
    const { proceedsMinor, closePriceMicro } = decision.quote;
    return ok({ positionId, proceeds: proceedsMinor, closePriceMicro, quotedAt: ctx.now });
  });
}
