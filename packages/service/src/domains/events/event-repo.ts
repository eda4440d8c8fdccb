import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/connection.js';
import { newId } from '../../lib/ids.js';
import type { TenantEnv } from '../context.js';

/** An event of spec 6.3 as the outbox stores it; occurred_at is the time of the state change. */
export interface NewEvent {
  scope: TenantEnv;
  type: string;
  data: Record<string, unknown>;
}

/**
 * Writes events in the transaction of the state change they report (DESIGN.md part 5), so an event
 * exists exactly when its change committed. Delivery reads them from here.
 */
export async function recordEvents(tx: Executor, events: NewEvent[], occurredAt: Date): Promise<void> {
  if (events.length === 0) return;
  await insertEventsSql(events, occurredAt).execute(tx);
}

/** The insert of events, to run alone or as a part of a larger statement (a market's batch). */
export function insertEventsSql(events: readonly NewEvent[], occurredAt: Date): RawBuilder<unknown> {
  return sql`
    insert into events (id, tenant_id, environment, type, occurred_at, data)
    select e.id, e.tenant_id, e.environment, e.type, ${occurredAt}, e.data
    from unnest(${events.map(() => newId())}::uuid[], ${events.map((e) => e.scope.tenantId)}::uuid[],
                ${events.map((e) => e.scope.environment)}::text[], ${events.map((e) => e.type)}::text[],
                ${events.map((e) => JSON.stringify(e.data))}::jsonb[])
      with ordinality as e(id, tenant_id, environment, type, data, n)
    order by e.n`;
}
