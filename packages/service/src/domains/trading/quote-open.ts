import { fieldRejected, ok, type Result } from '../../errors/index.js';
import type { TenantCtx } from '../context.js';
import { findEnabledMarket, quoteOpen } from '../markets/index.js';
import { marketRejection } from './model/open-rules.js';
import { tradeRejection } from './model/trade-rejection.js';

export interface OpenQuoteView {
  marketSlug: string;
  outcomeId: string;
  stake: bigint;
  shares: bigint;
  priceMicro: bigint;
  /** The market's max_stake_per_position: the most one open may stake, whatever the user holds. */
  maxStake: bigint;
  quotedAt: Date;
}

/**
 * POST /v1/positions/quote: the price an open of this stake would pay now (stake / shares, the price
 * max_price is held against) and the shares it would buy. LMSR moves the price as the stake buys, so a
 * ticket showing the outcome's price alone would set max_price under what any sizable stake pays. A
 * read of the market as it is, without its lock: an open a moment later may differ, which max_price is
 * for. It checks the market as an open would, not the user (caps and balance are the open's to judge),
 * and tells the market's cap on one open, so a ticket can refuse a stake above it before it is sent.
 */
export async function quoteOpenPosition(
  ctx: TenantCtx,
  ask: { marketSlug: string; outcomeId: string; stake: bigint },
): Promise<Result<OpenQuoteView>> {
  const market = await findEnabledMarket(ctx.db, ctx.tenantEnv, ask.marketSlug);
  if (!market) return fieldRejected('body', 'market_slug', `No market "${ask.marketSlug}" is available.`);
  const refusal = marketRejection(market, ask.outcomeId, ctx.now);
  if (refusal) return { ok: false, rejection: tradeRejection(refusal, 'body') };
  const index = market.outcomes.findIndex((o) => o.id === ask.outcomeId);
  const quote = quoteOpen(market.q, market.b, index, ask.stake);
  if (!quote.ok) return fieldRejected('body', 'stake', `The market maker cannot fill this stake (${quote.code}).`);
  const priced = { shares: quote.shares, priceMicro: quote.priceMicro, maxStake: market.maxStakePerPosition };
  return ok({ ...ask, ...priced, quotedAt: ctx.now });
}
