import { ok, rejected, type Result } from '../../errors/index.js';
import type { TenantCtx } from '../context.js';
import { getFeedMarkets } from '../markets/index.js';
import { findUser } from '../users/index.js';

/** Whose stream it is and which markets it follows, by id. */
export interface StreamSubject {
  userId: string;
  marketIds: string[];
}

/**
 * Checks a stream request of a session's user: every market must be enabled for the tenant (not_found
 * naming the first that is not, as the feed answers), and the user must still exist (a session of a user
 * that does not is as invalid as a forged one, as on refresh).
 */
export async function openStream(ctx: TenantCtx, slugs: readonly string[]): Promise<Result<StreamSubject>> {
  if (ctx.actor.kind !== 'user') throw new Error('a stream belongs to a session user');
  const markets = await getFeedMarkets(ctx, slugs);
  if (!markets.ok) return markets;
  const user = await findUser(ctx.db, ctx.tenantEnv, ctx.actor.externalUserId);
  if (!user) return rejected('invalid_session_token', 'The session token is missing, malformed, expired or revoked.');
  return ok({ userId: user.id, marketIds: markets.value.map((m) => m.id) });
}
