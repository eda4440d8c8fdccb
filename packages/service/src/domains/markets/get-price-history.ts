import type { Db } from '../../db/connection.js';
import { ApiError } from '../../errors/index.js';
import type { Clock } from '../../lib/clock.js';
import { getFeedMarket } from './get-market.js';
import type { MarketRecord } from './market-repo.js';
import { historyWindow, lastPointPerBucket, type HistoryPoint, type Interval } from './model/history.js';
import { lastPricePointPerBucket } from './price-point-repo.js';

/**
 * Price history of a market enabled for the tenant: for each bucket of the window in which a price was
 * recorded, the last price of the bucket. Points are never deleted, so history outlives resolution.
 */
export async function getPriceHistory(
  deps: { db: Db; clock: Clock },
  tenantId: string,
  slug: string,
  request: { from?: Date; to?: Date; interval: Interval },
): Promise<{ market: MarketRecord; points: HistoryPoint[] }> {
  const window = historyWindow(request, deps.clock.now());
  if (!window.ok) throw new ApiError('validation_failed', window.message);
  const market = await getFeedMarket(deps, tenantId, slug);
  const reduced = await lastPricePointPerBucket(deps.db, market.id, window.from, window.to, window.intervalMs);
  return { market, points: lastPointPerBucket(reduced, window.intervalMs) };
}
