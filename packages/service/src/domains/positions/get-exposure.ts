import { ok, type Result } from '../../errors/index.js';
import type { TenantCtx } from '../context.js';
import { getFeedMarket, type MarketRecord } from '../markets/index.js';
import { exposureOf, type OutcomeExposure } from './model/exposure.js';
import { openPositionTotals } from './position-repo.js';

export interface MarketExposure {
  market: MarketRecord;
  asOf: Date;
  outcomes: OutcomeExposure[];
}

/**
 * GET /v1/markets/{slug}/exposure and the portal's markets screen: what the tenant environment's open
 * positions on a market would pay for each outcome. A market not enabled for the tenant is not_found, as
 * in the feed. Any status is answered: a settled or voided market has no open positions, so all zeros.
 */
export async function getExposure(ctx: TenantCtx, slug: string): Promise<Result<MarketExposure>> {
  const market = await getFeedMarket(ctx, slug);
  if (!market.ok) return market;
  const totals = await openPositionTotals(ctx.db, ctx.tenantEnv, market.value.id);
  const outcomes = exposureOf(
    market.value.outcomes.map((o) => o.id),
    totals,
  );
  return ok({ market: market.value, asOf: ctx.now, outcomes });
}
