import { ok, type Result } from '../../errors/index.js';
import type { Page } from '../../lib/page.js';
import type { TenantCtx } from '../context.js';
import {
  getFeedMarket,
  listMarkets,
  referencePricesOf,
  type FeedMarketView,
  type MarketRecord,
  type MarketStatus,
} from '../markets/index.js';
import { stakeOpenedOnMarkets } from '../positions/index.js';

/**
 * The market feed with its facts (docs/operator-api.md, "Market feed"): each market with the prices its
 * change_24h is measured against, which markets/ keeps, and the stake the caller's tenant environment
 * opened on it, which positions/ keeps. Here because each domain reads only its own tables and positions/
 * already depends on markets/.
 *
 * A page costs three statements whatever its size: the markets, then the price points and the stakes of
 * all of them at once (docs/benchmarks.md, "The market feed").
 */
async function withFacts(ctx: TenantCtx, markets: readonly MarketRecord[]): Promise<FeedMarketView[]> {
  const ids = markets.map((m) => m.id);
  const [references, volumes] = await Promise.all([
    referencePricesOf(ctx, ids),
    stakeOpenedOnMarkets(ctx.db, ctx.tenantEnv, ids),
  ]);
  return markets.map((market) => ({
    market,
    facts: { volumeMinor: volumes.get(market.id) ?? 0n, referencePrices: references.get(market.id) ?? null },
  }));
}

/** GET /v1/markets: a page of the markets enabled for the tenant, with their facts. */
export async function listFeedMarkets(
  ctx: TenantCtx,
  page: { status?: MarketStatus; limit: number; cursor?: string },
): Promise<Result<Page<FeedMarketView>>> {
  const listed = await listMarkets(ctx, page);
  if (!listed.ok) return listed;
  return ok({ items: await withFacts(ctx, listed.value.items), nextCursor: listed.value.nextCursor });
}

/** GET /v1/markets/{slug}: one market enabled for the tenant, with its facts; otherwise not_found. */
export async function readFeedMarket(ctx: TenantCtx, slug: string): Promise<Result<FeedMarketView>> {
  const market = await getFeedMarket(ctx, slug);
  if (!market.ok) return market;
  const [view] = await withFacts(ctx, [market.value]);
  return ok(view!);
}
