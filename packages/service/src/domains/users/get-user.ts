import type { Db } from '../../db/connection.js';
import { ApiError } from '../../errors/index.js';
import type { TenantEnv } from '../tenant-env.js';
import { findUser, type UserRow } from './user-repo.js';

export async function getUser(deps: { db: Db }, scope: TenantEnv, externalUserId: string): Promise<UserRow> {
  const user = await findUser(deps.db, scope, externalUserId);
  if (!user) throw new ApiError('unknown_user', `No user "${externalUserId}" is registered.`);
  return user;
}
