import { ok, type Result } from '../../errors/index.js';
import type { TenantCtx } from '../context.js';
import { findMarketBySlug } from '../markets/index.js';
import { sessionUserRow } from '../users/index.js';
import { deleteSavedMarket } from './saved-market-repo.js';

/**
 * Removes a saved market: done also when it was not saved, or when no such market exists (a DELETE
 * is naturally idempotent, and the user cannot hold a market that is not there).
 */
export async function unsaveMarket(ctx: TenantCtx, marketSlug: string): Promise<Result<void>> {
  const user = await sessionUserRow(ctx);
  if (!user.ok) return user;
  const market = await findMarketBySlug(ctx.db, marketSlug);
  if (market) await deleteSavedMarket(ctx.db, user.value.id, market.id);
  return ok(undefined);
}
