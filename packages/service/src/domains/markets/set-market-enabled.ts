import type { Db } from '../../db/connection.js';
import { ApiError } from '../../errors/index.js';
import type { Clock } from '../../lib/clock.js';
import { isUuid } from '../../lib/ids.js';
import { findTenant } from '../tenants/tenant-repo.js';
import { disableMarket, enableMarket, findMarketBySlug } from './market-repo.js';

export interface MarketEnablement {
  tenantId: string;
  marketSlug: string;
  enabled: boolean;
}

/**
 * Enables or disables a market for a tenant, in both of its environments at once. Repeating either is
 * harmless. Disabling hides the market from the tenant's feed and trades; positions already open on it
 * are not touched (they still settle when the market is resolved or voided).
 */
export async function setMarketEnabled(
  deps: { db: Db; clock: Clock },
  tenantId: string,
  slug: string,
  enabled: boolean,
): Promise<MarketEnablement> {
  const [tenant, market] = await Promise.all([
    isUuid(tenantId) ? findTenant(deps.db, tenantId) : null,
    findMarketBySlug(deps.db, slug),
  ]);
  if (!tenant) throw new ApiError('not_found', `No tenant ${tenantId}.`);
  if (!market) throw new ApiError('not_found', `No market ${slug}.`);
  if (enabled) await enableMarket(deps.db, tenantId, market.id, deps.clock.now());
  else await disableMarket(deps.db, tenantId, market.id);
  return { tenantId, marketSlug: market.slug, enabled };
}
