import { sql } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { DeliveryState } from '../../db/schema.js';
import type { TenantEnv } from '../context.js';
import type { AttemptFacts } from './model/attempt-outcome.js';
import type { DeliveryFilter } from './model/delivery-filter.js';

/** A delivery as a row of the portal's list: its event, state, attempt count and last attempt. */
export interface DeliveryRow {
  eventId: string;
  eventSeq: bigint;
  type: string;
  state: DeliveryState;
  occurredAt: Date;
  attempts: number;
  nextAttemptAt: Date | null;
  /** The last attempt recorded; null before the first. */
  last: (AttemptFacts & { attemptedAt: Date }) | null;
}

/**
 * A tenant environment's deliveries a filter matches, newest event first, after the keyset position
 * `beforeSeq` (the previous page's last event_seq), limit + 1 rows (the extra one says more follow).
 * Read backwards on webhook_deliveries_env_seq (migration 0018), or the dead and pending partial indexes
 * when the state is one of those; each row's last attempt by its primary key.
 */
export async function selectDeliveryRows(
  db: Executor,
  scope: TenantEnv,
  query: { filter: DeliveryFilter; beforeSeq: bigint | null; limit: number },
): Promise<DeliveryRow[]> {
  const { filter } = query;
  const rows = await sql<{
    event_id: string;
    event_seq: bigint;
    type: string;
    state: DeliveryState;
    occurred_at: Date;
    attempts: number;
    next_attempt_at: Date | null;
    attempted_at: Date | null;
    sent: boolean | null;
    status_code: number | null;
    error: string | null;
  }>`
    select d.event_id, d.event_seq, e.type, d.state, e.occurred_at, d.attempts, d.next_attempt_at,
           a.attempted_at, a.sent, a.status_code, a.error
    from webhook_deliveries d
    join events e on e.id = d.event_id
    left join lateral (
      select attempted_at, sent, status_code, error from webhook_attempts
      where event_id = d.event_id order by attempt desc limit 1
    ) a on true
    where d.tenant_id = ${scope.tenantId} and d.environment = ${scope.environment}
      ${filter.state ? sql`and d.state = ${filter.state}` : sql``}
      ${filter.type ? sql`and e.type = ${filter.type}` : sql``}
      ${filter.from ? sql`and d.created_at >= ${filter.from}` : sql``}
      ${filter.to ? sql`and d.created_at < ${filter.to}` : sql``}
      ${query.beforeSeq === null ? sql`` : sql`and d.event_seq < ${query.beforeSeq}`}
    order by d.event_seq desc
    limit ${query.limit + 1}`.execute(db);
  return rows.rows.map((r) => ({
    eventId: r.event_id,
    eventSeq: r.event_seq,
    type: r.type,
    state: r.state,
    occurredAt: r.occurred_at,
    attempts: r.attempts,
    nextAttemptAt: r.next_attempt_at,
    last:
      r.attempted_at === null
        ? null
        : { attemptedAt: r.attempted_at, sent: r.sent !== false, statusCode: r.status_code, error: r.error },
  }));
}
