import { ok, rejected, type Result } from '../../errors/index.js';
import { withTransaction, type TenantCtx } from '../context.js';
import { findEnabledMarket } from '../markets/index.js';
import { sessionUserRow } from '../users/index.js';
import { saveMarketRow, type SavedMarket } from './saved-market-repo.js';

/** Saved markets per end user, a limit of our own (docs/operator-api.md, "The widget's own routes"). */
export const SAVED_MARKETS_LIMIT = 50;

/**
 * Saves a market for the session user: naturally idempotent (saving a saved market answers its first
 * saved_at). Only markets enabled for the tenant can be saved; the 51st is saved_markets_limit_reached.
 */
export async function saveMarket(ctx: TenantCtx, marketSlug: string): Promise<Result<SavedMarket>> {
  const user = await sessionUserRow(ctx);
  if (!user.ok) return user;
  const market = await findEnabledMarket(ctx.db, ctx.tenantEnv, marketSlug);
  if (!market) return rejected('not_found', `No market "${marketSlug}" is available.`);
  const savedAt = await withTransaction(ctx, (tx) =>
    saveMarketRow(tx.db, user.value.id, market.id, SAVED_MARKETS_LIMIT, tx.now),
  );
  if (savedAt === null) {
    return rejected(
      'saved_markets_limit_reached',
      `At most ${SAVED_MARKETS_LIMIT} markets can be saved; remove one first.`,
      { limit: SAVED_MARKETS_LIMIT },
    );
  }
  return ok({ marketSlug: market.slug, savedAt });
}
