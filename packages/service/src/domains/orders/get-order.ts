import { ok, rejected, type Result } from '../../errors/index.js';
import { isUuid } from '../../lib/ids.js';
import type { TenantCtx } from '../context.js';
import { findOrder, type OrderView } from './order-repo.js';

/**
 * An order the caller may see: one of its tenant environment, and for a session only its own user's.
 * Anything else is the same not_found, so ids of others' orders reveal nothing.
 */
export async function getOrder(ctx: TenantCtx, id: string): Promise<Result<OrderView>> {
  const order = isUuid(id) ? await findOrder(ctx.db, ctx.tenantEnv, id) : null;
  const hidden = ctx.actor.kind === 'user' && order?.externalUserId !== ctx.actor.externalUserId;
  return order && !hidden ? ok(order) : rejected('not_found', `No order ${id}.`);
}
