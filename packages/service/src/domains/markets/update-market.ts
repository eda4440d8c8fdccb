import { ok, rejected, type Result } from '../../errors/index.js';
import { withTransaction, type Ctx } from '../context.js';
import { findMarketBySlug, setMarketSettings, type MarketRecord } from './market-repo.js';
import { factsProblem } from './model/market-facts.js';

export interface MarketChanges {
  /** ε of the sandbox bound, or null for none; absent: unchanged. */
  sandboxInfluence?: string | null;
  /** What resolves the market and how, or null to clear; absent: unchanged. */
  rules?: string | null;
  /** Where the result comes from (text or an https URL), or null to clear; absent: unchanged. */
  resolutionSource?: string | null;
}

/**
 * Changes a market's settings (the platform's PATCH), all of them or none. A new sandbox_influence applies
 * to the next sandbox trade: it is written under the market's row lock, which every trade holds. A sandbox
 * test market has no bound to set (only its owner's sandbox trades it). The rules and the resolution source
 * may change in any status, an ended market's too: they say what was resolved and how. An unknown slug is
 * not_found.
 */
export async function updateMarket(ctx: Ctx, slug: string, changes: MarketChanges): Promise<Result<MarketRecord>> {
  const problem = factsProblem(changes);
  if (problem !== null) return rejected('validation_failed', problem);
  return withTransaction(ctx, async (tx) => {
    const market = await findMarketBySlug(tx.db, slug);
    if (!market) return rejected('not_found', `No market ${slug}.`);
    if (changes.sandboxInfluence !== undefined && market.ownerTenantId !== null) {
      return rejected(
        'validation_failed',
        'A sandbox test market has no sandbox_influence: only its own sandbox trades it, so nothing live can move.',
      );
    }
    const { sandboxInfluence, rules, resolutionSource } = changes;
    if (sandboxInfluence !== undefined || rules !== undefined || resolutionSource !== undefined) {
      await setMarketSettings(tx.db, market.id, { sandboxInfluence, rules, resolutionSource }, ctx.now);
    }
    return ok((await findMarketBySlug(tx.db, slug))!);
  });
}
