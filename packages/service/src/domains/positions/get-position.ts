import { ok, rejected, type Result } from '../../errors/index.js';
import { isUuid } from '../../lib/ids.js';
import type { TenantCtx } from '../context.js';
import { findPosition, type PositionRow } from './position-repo.js';

/**
 * A position the caller may see: one of its tenant environment, and for a session only its own user's.
 * Anything else is the same not_found, so ids of others' positions reveal nothing. With lock, its row
 * stays locked for the caller's transaction.
 */
export async function getPosition(
  ctx: TenantCtx,
  id: string,
  options: { lock?: boolean } = {},
): Promise<Result<PositionRow>> {
  const position = isUuid(id) ? await findPosition(ctx.db, ctx.tenantEnv, id, options.lock ?? false) : null;
  const hidden = ctx.actor.kind === 'user' && position?.externalUserId !== ctx.actor.externalUserId;
  return position && !hidden ? ok(position) : rejected('not_found', `No position ${id}.`);
}
