import { sql } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { DeliveryState, Environment } from '../../db/schema.js';
import type { TenantEnv } from '../context.js';
import type { AttemptFacts } from './model/attempt-outcome.js';
import type { StoredEvent } from './model/body.js';

/** An event with its environment's webhook settings now, and its delivery when one was made. */
export interface EventDeliveryRow {
  event: StoredEvent;
  scope: TenantEnv;
  /** Where the next attempt would go: the environment's webhook URL now. */
  webhookUrl: string | null;
  webhookSecretSet: boolean;
  delivery: {
    state: DeliveryState;
    attempts: number;
    nextAttemptAt: Date | null;
    /** An attempt is being sent now (a worker holds the delivery's lease). */
    inFlight: boolean;
    finishedAt: Date | null;
  } | null;
}

/** One attempt as its page shows it. */
export interface AttemptRow extends AttemptFacts {
  attempt: number;
  attemptedAt: Date;
  url: string | null;
  latencyMs: number;
  responseExcerpt: string | null;
  /** The headers it was sent with (migration 0039); null when not sent, or recorded before. */
  requestHeaders: Record<string, string> | null;
}

/**
 * An event (= its delivery's id) with its delivery and its environment's webhook settings, in one
 * statement; within `scope` when given (the portal: another environment's event is not found). `id`
 * must be a UUID.
 */
export async function selectEventDelivery(
  db: Executor,
  id: string,
  scope: TenantEnv | null,
  now: Date,
): Promise<EventDeliveryRow | null> {
  const rows = await sql<{
    id: string;
    type: string;
    occurred_at: Date;
    data: Record<string, unknown>;
    tenant_id: string;
    environment: Environment;
    webhook_url: string | null;
    secret_set: boolean;
    state: DeliveryState | null;
    attempts: number | null;
    next_attempt_at: Date | null;
    in_flight: boolean | null;
    finished_at: Date | null;
  }>`
    select e.id, e.type, e.occurred_at, e.data, e.tenant_id, e.environment,
           te.webhook_url, te.webhook_secret is not null as secret_set,
           d.state, d.attempts, d.next_attempt_at, coalesce(d.leased_until > ${now}, false) as in_flight, d.finished_at
    from events e
    join tenant_environments te on te.tenant_id = e.tenant_id and te.environment = e.environment
    left join webhook_deliveries d on d.event_id = e.id
    where e.id = ${id}
      ${scope === null ? sql`` : sql`and e.tenant_id = ${scope.tenantId} and e.environment = ${scope.environment}`}`.execute(
    db,
  );
  const r = rows.rows[0];
  if (!r) return null;
  return {
    event: { id: r.id, type: r.type, occurredAt: r.occurred_at, data: r.data },
    scope: { tenantId: r.tenant_id, environment: r.environment },
    webhookUrl: r.webhook_url,
    webhookSecretSet: r.secret_set,
    delivery:
      r.state === null
        ? null
        : {
            state: r.state,
            attempts: r.attempts!,
            nextAttemptAt: r.next_attempt_at,
            inFlight: r.in_flight === true,
            finishedAt: r.finished_at,
          },
  };
}

/** Every recorded attempt of a delivery, in order. */
export async function selectAttempts(db: Executor, eventId: string): Promise<AttemptRow[]> {
  const rows = await db
    .selectFrom('webhook_attempts')
    .select([
      'attempt',
      'attempted_at',
      'url',
      'sent',
      'status_code',
      'error',
      'latency_ms',
      'response_excerpt',
      'request_headers',
    ])
    .where('event_id', '=', eventId)
    .orderBy('attempt')
    .execute();
  return rows.map((a) => ({
    attempt: a.attempt,
    attemptedAt: a.attempted_at,
    url: a.url,
    sent: a.sent,
    statusCode: a.status_code,
    error: a.error,
    latencyMs: a.latency_ms,
    responseExcerpt: a.response_excerpt,
    requestHeaders: headersOf(a.request_headers),
  }));
}

/** The stored headers as a map of strings (jsonb as the driver parsed it). */
function headersOf(value: unknown): Record<string, string> | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  return Object.fromEntries(Object.entries(value).map(([name, text]) => [name, String(text)]));
}
