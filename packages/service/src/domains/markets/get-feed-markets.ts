import { ok, rejected, type Result } from '../../errors/index.js';
import type { TenantCtx } from '../context.js';
import { findEnabledMarkets, type MarketRecord } from './market-repo.js';

/**
 * Several markets as the tenant's feed sees them, in the order asked, or not_found naming the first slug
 * that is unknown or not enabled for the tenant (the same answer for both, as getFeedMarket gives).
 */
export async function getFeedMarkets(ctx: TenantCtx, slugs: readonly string[]): Promise<Result<MarketRecord[]>> {
  const found = new Map((await findEnabledMarkets(ctx.db, ctx.tenantEnv, slugs)).map((m) => [m.slug, m]));
  const missing = slugs.find((slug) => !found.has(slug));
  if (missing !== undefined) return rejected('not_found', `No market ${missing}.`);
  return ok(slugs.map((slug) => found.get(slug)!));
}
