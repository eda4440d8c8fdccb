import { ok, rejected, type Result } from '../../errors/index.js';
import type { TenantCtx } from '../context.js';
import { findUser, type UserRow } from './user-repo.js';

/**
 * The user of a widget session, for the routes only a session reaches (profile, saved markets). A
 * session is minted for a registered user and users are never removed, so a miss means a token that
 * outlived its user: treated as a token that is no longer valid.
 */
export async function sessionUserRow(ctx: TenantCtx): Promise<Result<UserRow>> {
  if (ctx.actor.kind !== 'user') throw new Error('a session-only verb ran for an operator key');
  const user = await findUser(ctx.db, ctx.tenantEnv, ctx.actor.externalUserId);
  return user ? ok(user) : rejected('invalid_session_token', "The session's user is not registered.");
}
