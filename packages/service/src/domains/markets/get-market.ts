import type { Db } from '../../db/connection.js';
import { ApiError } from '../../errors/index.js';
import { findEnabledMarket, type MarketRecord } from './market-repo.js';

/**
 * A market as the tenant's feed sees it. Unknown and not-enabled markets are the same 404, so a tenant
 * cannot learn which markets exist for others.
 */
export async function getFeedMarket(deps: { db: Db }, tenantId: string, slug: string): Promise<MarketRecord> {
  const market = await findEnabledMarket(deps.db, tenantId, slug);
  if (!market) throw new ApiError('not_found', `No market ${slug}.`);
  return market;
}
