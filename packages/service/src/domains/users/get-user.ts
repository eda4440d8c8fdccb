import { ok, rejected, type Result } from '../../errors/index.js';
import type { TenantCtx } from '../context.js';
import { findUser, type UserRow } from './user-repo.js';

/** A registered user of the tenant environment with its balance; unknown_user otherwise. */
export async function getUser(ctx: TenantCtx, externalUserId: string): Promise<Result<UserRow>> {
  const user = await findUser(ctx.db, ctx.tenantEnv, externalUserId);
  return user ? ok(user) : rejected('unknown_user', `No user "${externalUserId}" is registered.`);
}
