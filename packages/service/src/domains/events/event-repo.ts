import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/connection.js';
import { newId } from '../../lib/ids.js';
import type { TenantEnv } from '../context.js';
import type { EventData, EventType } from './payloads.js';

/**
 * An event (docs/guides/webhooks.md, "What a delivery looks like") as the outbox stores it; occurred_at is the time of
 * the state change. One member per event type, its data typed by the schema that documents it (payloads.ts): `{ scope,
 * type: 'market.voided', data: { market_slug: slug } }`.
 */
export type NewEvent<T extends EventType = EventType> = {
  [K in T]: { scope: TenantEnv; type: K; data: EventData<K> };
}[T];

/**
 * Writes events in the transaction of the state change they report (docs/architecture.md, "Events"), so an event
 * exists exactly when its change committed. Delivery reads them from here.
 */
export async function recordEvents(tx: Executor, events: NewEvent[], occurredAt: Date): Promise<void> {
  if (events.length === 0) return;
  await insertEventsSql(events, occurredAt).execute(tx);
}

/** Writes one event and answers its id, which is its webhook's delivery id (X-Webhook-Delivery). */
export async function recordEvent(tx: Executor, event: NewEvent, occurredAt: Date): Promise<string> {
  const id = newId();
  await insertEventsSql([event], occurredAt, [id]).execute(tx);
  return id;
}

/** The insert of events, to run alone or as a part of a larger statement (an engine round's). */
export function insertEventsSql(
  events: readonly NewEvent[],
  occurredAt: Date,
  ids: readonly string[] = events.map(() => newId()),
): RawBuilder<unknown> {
  return sql`
    insert into events (id, tenant_id, environment, type, occurred_at, data)
    select e.id, e.tenant_id, e.environment, e.type, ${occurredAt}, e.data
    from unnest(${ids}::uuid[], ${events.map((e) => e.scope.tenantId)}::uuid[],
                ${events.map((e) => e.scope.environment)}::text[], ${events.map((e) => e.type)}::text[],
                ${events.map((e) => JSON.stringify(e.data))}::jsonb[])
      with ordinality as e(id, tenant_id, environment, type, data, n)
    order by e.n`;
}
