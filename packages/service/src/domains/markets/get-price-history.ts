import { ok, rejected, type Result } from '../../errors/index.js';
import type { TenantCtx } from '../context.js';
import { getFeedMarket } from './get-market.js';
import type { MarketRecord } from './market-repo.js';
import { historyWindow, lastPointPerBucket, type HistoryPoint, type Interval } from './model/history.js';
import { lastPricePointPerBucket } from './price-point-repo.js';

export interface HistoryRequest {
  slug: string;
  from?: Date;
  to?: Date;
  interval: Interval;
}

/**
 * Price history of a market enabled for the tenant: for each bucket of the window in which a price was
 * recorded, the last price of the bucket. Points are never deleted, so history outlives resolution.
 */
export async function getPriceHistory(
  ctx: TenantCtx,
  request: HistoryRequest,
): Promise<Result<{ market: MarketRecord; points: HistoryPoint[] }>> {
  const window = historyWindow(request, ctx.now);
  if (!window.ok) return rejected('validation_failed', window.message);
  const market = await getFeedMarket(ctx, request.slug);
  if (!market.ok) return market;
  const { id } = market.value;
  const reduced = await lastPricePointPerBucket(ctx.db, id, window.from, window.to, window.intervalMs);
  return ok({ market: market.value, points: lastPointPerBucket(reduced, window.intervalMs) });
}
