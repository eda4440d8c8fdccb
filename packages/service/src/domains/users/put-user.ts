import type { Db } from '../../db/connection.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import type { TenantEnv } from '../tenant-env.js';
import { upsertUserRow, type UserRow } from './user-repo.js';

/** Registers a user or changes its status (naturally idempotent: the same PUT twice leaves one user). */
export async function putUser(
  deps: { db: Db; clock: Clock },
  scope: TenantEnv,
  externalUserId: string,
  status: 'active' | 'blocked',
): Promise<UserRow & { created: boolean }> {
  return upsertUserRow(deps.db, scope, externalUserId, status, newId(), deps.clock.now());
}
