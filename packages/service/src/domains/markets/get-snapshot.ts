import type { Db } from '../../db/connection.js';
import type { Clock } from '../../lib/clock.js';
import { getFeedMarket } from './get-market.js';
import type { MarketRecord } from './market-repo.js';

/** The market's current prices and the time they were read (its q at that moment). */
export async function getSnapshot(
  deps: { db: Db; clock: Clock },
  tenantId: string,
  slug: string,
): Promise<{ market: MarketRecord; ts: Date }> {
  const market = await getFeedMarket(deps, tenantId, slug);
  return { market, ts: deps.clock.now() };
}
