import { ok, rejected, type Result } from '../../errors/index.js';
import { withTransaction, type Ctx } from '../context.js';
import { findMarketBySlug, setSandboxInfluence, type MarketRecord } from './market-repo.js';

export interface MarketChanges {
  /** ε of the sandbox bound, or null for none; absent: unchanged. */
  sandboxInfluence?: string | null;
}

/**
 * Changes a market's settings (the platform's PATCH). A new sandbox_influence applies to the next sandbox
 * trade: it is written under the market's row lock, which every trade holds. A sandbox test market has no
 * bound to set (only its owner's sandbox trades it). An unknown slug is not_found.
 */
export async function updateMarket(ctx: Ctx, slug: string, changes: MarketChanges): Promise<Result<MarketRecord>> {
  return withTransaction(ctx, async (tx) => {
    const market = await findMarketBySlug(tx.db, slug);
    if (!market) return rejected('not_found', `No market ${slug}.`);
    if (changes.sandboxInfluence !== undefined) {
      if (market.ownerTenantId !== null) {
        return rejected(
          'validation_failed',
          'A sandbox test market has no sandbox_influence: only its own sandbox trades it, so nothing live can move.',
        );
      }
      await setSandboxInfluence(tx.db, market.id, changes.sandboxInfluence, ctx.now);
    }
    return ok((await findMarketBySlug(tx.db, slug))!);
  });
}
