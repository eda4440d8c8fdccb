import { ok, type Result } from '../../errors/index.js';
import type { TenantCtx } from '../context.js';
import { sessionUserRow } from '../users/index.js';
import { listSavedMarketRows, type SavedMarket } from './saved-market-repo.js';

/** The session user's saved markets, newest first (at most SAVED_MARKETS_LIMIT: no paging). */
export async function listSavedMarkets(ctx: TenantCtx): Promise<Result<SavedMarket[]>> {
  const user = await sessionUserRow(ctx);
  if (!user.ok) return user;
  return ok(await listSavedMarketRows(ctx.db, user.value.id));
}
