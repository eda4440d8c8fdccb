import type { Db } from '../../db/connection.js';
import type { Principal } from '../../http/auth.js';
import { decodeCursor, encodeCursor } from '../../http/pagination.js';
import type { PositionState } from '../../db/schema.js';
import { actingUser } from './principal-user.js';
import { listPositionRows } from './position-repo.js';
import { listRejectionRows } from './rejection-repo.js';
import { presentPosition } from './schemas.js';

/** GET /v1/positions: a tenant environment's positions, oldest first; a session sees only its own. */
export async function listPositions(
  deps: { db: Db },
  principal: Principal,
  q: { external_user_id?: string; market_slug?: string; state?: PositionState; limit: number; cursor?: string },
) {
  const externalUserId = principal.kind === 'session' ? actingUser(principal, q.external_user_id) : q.external_user_id;
  const rows = await listPositionRows(deps.db, principal, {
    externalUserId,
    marketSlug: q.market_slug,
    state: q.state,
    afterSeq: decodeCursor(q.cursor),
    limit: q.limit,
  });
  const page = rows.slice(0, q.limit);
  return {
    data: page.map(presentPosition),
    next_cursor: rows.length > q.limit ? encodeCursor(page[page.length - 1]!.seq) : null,
  };
}

/** GET /v1/position-rejections: rejected open and close attempts, oldest first. */
export async function listRejections(
  deps: { db: Db },
  principal: Principal,
  q: { external_user_id?: string; limit: number; cursor?: string },
) {
  const rows = await listRejectionRows(deps.db, principal, {
    externalUserId: q.external_user_id,
    afterSeq: decodeCursor(q.cursor),
    limit: q.limit,
  });
  const page = rows.slice(0, q.limit);
  return {
    data: page.map((r) => ({
      id: r.id,
      external_user_id: r.external_user_id,
      action: r.action,
      position_id: r.position_id,
      error: r.code,
      request: r.request as Record<string, unknown>,
      created_at: r.created_at.toISOString(),
    })),
    next_cursor: rows.length > q.limit ? encodeCursor(page[page.length - 1]!.seq) : null,
  };
}
