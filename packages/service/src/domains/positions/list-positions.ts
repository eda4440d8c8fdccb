import type { PositionState } from '../../db/schema.js';
import { ok, type Result } from '../../errors/index.js';
import { pageFrom, readCursor, type Page } from '../../lib/page.js';
import { actingUser, type TenantCtx } from '../context.js';
import { listPositionRows, type PositionRow } from './position-repo.js';
import { listRejectionRows, type RejectionRow } from './rejection-repo.js';

export interface PositionFilter {
  externalUserId?: string;
  marketSlug?: string;
  state?: PositionState;
  limit: number;
  cursor?: string;
}

/** GET /v1/positions: a tenant environment's positions, oldest first; a session sees only its own. */
export async function listPositions(ctx: TenantCtx, filter: PositionFilter): Promise<Result<Page<PositionRow>>> {
  const user = ctx.actor.kind === 'user' ? actingUser(ctx, filter.externalUserId) : ok(filter.externalUserId);
  if (!user.ok) return user;
  const after = readCursor(filter.cursor);
  if (!after.ok) return after;
  const rows = await listPositionRows(ctx.db, ctx.tenantEnv, {
    ...filter,
    externalUserId: user.value,
    afterSeq: after.value,
  });
  return ok(pageFrom(rows, filter.limit, (row) => row.seq));
}

/** GET /v1/position-rejections: rejected open and close attempts, oldest first. */
export async function listRejections(
  ctx: TenantCtx,
  filter: { externalUserId?: string; limit: number; cursor?: string },
): Promise<Result<Page<RejectionRow>>> {
  const after = readCursor(filter.cursor);
  if (!after.ok) return after;
  const rows = await listRejectionRows(ctx.db, ctx.tenantEnv, { ...filter, afterSeq: after.value });
  return ok(pageFrom(rows, filter.limit, (row) => row.seq));
}
