import { ok, rejected, type Result } from '../../errors/index.js';
import type { Ctx } from '../context.js';
import { findMarketBySlug, firstPricePoint, type MarketRecord } from '../markets/index.js';
import { marketWideExposure, type MarketWideExposure } from './model/market-exposure.js';
import { openPositionTotalsByTenant } from './position-repo.js';

export interface PlatformExposure extends MarketWideExposure {
  market: MarketRecord;
  asOf: Date;
}

/**
 * GET /platform/v1/markets/{slug}/exposure and the panel's market page (docs/platform-api.md): every
 * tenant environment's exposure on the market, their sums, and the market maker's bound and q. One
 * aggregate statement over all tenants' open positions. Any market, a tenant's test market included.
 */
export async function getMarketExposure(ctx: Ctx, slug: string): Promise<Result<PlatformExposure>> {
  const market = await findMarketBySlug(ctx.db, slug);
  if (!market) return rejected('not_found', `No market ${slug}.`);
  const [rows, starting] = await Promise.all([
    openPositionTotalsByTenant(ctx.db, market.id),
    firstPricePoint(ctx.db, market.id),
  ]);
  const exposure = marketWideExposure(
    market.outcomes.map((o) => o.id),
    rows,
    market.b,
    starting,
  );
  return ok({ market, asOf: ctx.now, ...exposure });
}
