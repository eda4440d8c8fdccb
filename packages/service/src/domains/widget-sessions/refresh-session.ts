import { ApiError } from '../../errors/index.js';
import { findTenant } from '../tenants/tenant-repo.js';
import { findUser } from '../users/user-repo.js';
import type { SessionDeps } from './mint-session.js';
import { signSessionToken, type IssuedToken, type SessionClaims } from './model/session-token.js';

/**
 * A new token for the session of a verified token: same user, same cap, 15 more minutes (never past the
 * cap). There is no session list, so the database is what can end a session early: a suspended tenant
 * or a user that no longer exists gets the same 401 as a forged token (spec 5.3: the answer does not
 * say which).
 */
export async function refreshSession(deps: SessionDeps, session: SessionClaims): Promise<IssuedToken> {
  const tenant = await findTenant(deps.db, session.tenantId);
  const user = tenant?.status === 'active' ? await findUser(deps.db, session, session.externalUserId) : null;
  if (!user)
    throw new ApiError('invalid_session_token', 'The session token is missing, malformed, expired or revoked.');
  const claims = {
    tenantId: session.tenantId,
    environment: session.environment,
    externalUserId: session.externalUserId,
    capAt: session.capAt,
  };
  return signSessionToken(deps.widgetSessionSecret, claims, deps.clock.now());
}
