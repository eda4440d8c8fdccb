import { newId } from '../../lib/ids.js';
import type { TenantCtx } from '../context.js';
import { upsertUserRow, type UserRow } from './user-repo.js';

export interface PutUserInput {
  externalUserId: string;
  status: 'active' | 'blocked';
}

/** Registers a user or changes its status (naturally idempotent: the same PUT twice leaves one user). */
export async function putUser(ctx: TenantCtx, input: PutUserInput): Promise<UserRow & { created: boolean }> {
  return upsertUserRow(ctx.db, ctx.tenantEnv, input.externalUserId, input.status, newId(), ctx.now);
}
