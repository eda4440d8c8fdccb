import type { OrderStatus } from '../../db/schema.js';
import { ok, type Result } from '../../errors/index.js';
import { pageFrom, readCursor, type Page } from '../../lib/page.js';
import { actingUser, type TenantCtx } from '../context.js';
import { listOrderRows, type OrderView } from './order-repo.js';

/** GET /v1/orders: a tenant environment's orders, oldest first; a session sees only its own user's. */
export async function listOrders(
  ctx: TenantCtx,
  filter: { externalUserId?: string; status?: OrderStatus; limit: number; cursor?: string },
): Promise<Result<Page<OrderView>>> {
  const user = ctx.actor.kind === 'user' ? actingUser(ctx, filter.externalUserId) : ok(filter.externalUserId);
  if (!user.ok) return user;
  const after = readCursor(filter.cursor);
  if (!after.ok) return after;
  const rows = await listOrderRows(ctx.db, ctx.tenantEnv, {
    ...filter,
    externalUserId: user.value,
    afterSeq: after.value,
  });
  return ok(pageFrom(rows, filter.limit, (row) => row.seq));
}
