import { sql } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { TenantEnv } from '../context.js';
import type { StoredEvent } from './model/body.js';

/** A place in the feed: the writing transaction's id (xid8, as text) and the event's seq. */
export interface FeedPosition {
  xactId: string;
  seq: bigint;
}

export interface FeedRow extends StoredEvent {
  position: FeedPosition;
}

/**
 * A tenant environment's events after `after`, in (xact_id, seq) order, limit rows at most. Only
 * events of transactions that ended before every transaction still running (xact_id below the
 * snapshot's xmin) are read: nothing can be added before such a row any more, so a cursor never
 * skips an event that commits later (migration 0003 explains the order).
 */
export async function listFeedRows(
  db: Executor,
  scope: TenantEnv,
  after: FeedPosition | null,
  limit: number,
): Promise<FeedRow[]> {
  const rows = await sql<{
    id: string;
    type: string;
    occurred_at: Date;
    data: Record<string, unknown>;
    xact_id: string;
    seq: bigint;
  }>`
    select id, type, occurred_at, data, xact_id::text as xact_id, seq
    from events
    where tenant_id = ${scope.tenantId} and environment = ${scope.environment}
      and xact_id < pg_snapshot_xmin(pg_current_snapshot())
      and (${after === null} or (xact_id, seq) > (${after?.xactId ?? '0'}::xid8, ${after?.seq ?? 0n}::bigint))
    -- The column, not the text of the same name in the select list (which ORDER BY would take first):
    -- as text, 10000 sorts before 9999.
    order by events.xact_id, seq
    limit ${limit}`.execute(db);
  return rows.rows.map((r) => ({
    id: r.id,
    type: r.type,
    occurredAt: r.occurred_at,
    data: r.data,
    position: { xactId: r.xact_id, seq: r.seq },
  }));
}

/** An event by id, of any tenant environment (the panel's search). `id` must be a UUID. */
export async function findEventById(
  db: Executor,
  id: string,
): Promise<{ id: string; scope: TenantEnv; type: string; occurredAt: Date } | null> {
  const row = await db
    .selectFrom('events')
    .select(['id', 'tenant_id', 'environment', 'type', 'occurred_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row
    ? {
        id: row.id,
        scope: { tenantId: row.tenant_id, environment: row.environment },
        type: row.type,
        occurredAt: row.occurred_at,
      }
    : null;
}
