import type { Db } from '../../db/connection.js';
import type { OrderStatus } from '../../db/schema.js';
import type { Principal } from '../../http/auth.js';
import { decodeCursor, encodeCursor } from '../../http/pagination.js';
import { actingUser } from '../positions/principal-user.js';
import { listOrderRows } from './order-repo.js';
import { presentOrder } from './schemas.js';

/** GET /v1/orders: a tenant environment's orders, oldest first; a session sees only its own user's. */
export async function listOrders(
  deps: { db: Db },
  principal: Principal,
  q: { external_user_id?: string; status?: OrderStatus; limit: number; cursor?: string },
) {
  const externalUserId = principal.kind === 'session' ? actingUser(principal, q.external_user_id) : q.external_user_id;
  const rows = await listOrderRows(deps.db, principal, {
    externalUserId,
    status: q.status,
    afterSeq: decodeCursor(q.cursor),
    limit: q.limit,
  });
  const page = rows.slice(0, q.limit);
  return {
    data: page.map(presentOrder),
    next_cursor: rows.length > q.limit ? encodeCursor(page[page.length - 1]!.seq) : null,
  };
}
