import { ok, rejected, type Result } from '../../errors/index.js';
import type { TenantCtx } from '../context.js';
import { findUser } from '../users/index.js';
import type { SessionClaims } from './model/session.js';

/**
 * The claims of the next token of a verified session: same user, same cap. There is no session list,
 * so the database is what can end a session early: a user that no longer exists gets the same
 * invalid_session_token as a forged token (the answer does not say which). A suspended tenant's
 * session never gets here (the HTTP layer refuses it first).
 */
export async function renewSession(ctx: TenantCtx, session: SessionClaims): Promise<Result<SessionClaims>> {
  const user = await findUser(ctx.db, ctx.tenantEnv, session.externalUserId);
  if (!user) return rejected('invalid_session_token', 'The session token is missing, malformed, expired or revoked.');
  return ok({ ...session });
}
