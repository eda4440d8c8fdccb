import { ok, rejected, type Result } from '../../errors/index.js';
import type { TenantCtx } from '../context.js';
import { findEnabledMarket, type MarketRecord } from './market-repo.js';

/**
 * A market as the tenant's feed sees it, with its prices at ctx.now (a snapshot is this market and that
 * time). Unknown and not-enabled markets are the same not_found, so a tenant cannot learn which markets
 * exist for others.
 */
export async function getFeedMarket(ctx: TenantCtx, slug: string): Promise<Result<MarketRecord>> {
  const market = await findEnabledMarket(ctx.db, ctx.tenantEnv, slug);
  return market ? ok(market) : rejected('not_found', `No market ${slug}.`);
}
