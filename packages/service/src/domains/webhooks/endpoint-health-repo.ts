import { sql } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { TenantEnv } from '../context.js';
import type { AttemptTally } from './model/endpoint-health.js';

/** An environment's webhook endpoint as the health summary reads it (endpoint-health.ts). */
export interface EndpointHealthRow extends AttemptTally {
  webhookUrl: string | null;
  webhookSecretSet: boolean;
  /** Deliveries waiting for an attempt now, and in the dead letters now. */
  pending: number;
  dead: number;
  /** The latest sent attempt since `from` that was not answered 2xx. */
  lastFailure: { eventId: string; attemptedAt: Date; statusCode: number | null; error: string | null } | null;
}

/**
 * One statement: the environment's settings, its attempts since `from` tallied (sent, answered 2xx as
 * isDelivered says, not sent, the median latency of the sent ones) and the latest failed one, and its
 * pending and dead deliveries now. The attempts are reached through the deliveries attempted since then
 * (webhook_deliveries_env_last_attempt, migration 0039), the counts through the partial indexes.
 */
export async function selectEndpointHealth(db: Executor, scope: TenantEnv, from: Date): Promise<EndpointHealthRow> {
  const rows = await sql<{
    webhook_url: string | null;
    secret_set: boolean | null;
    sent: number;
    delivered: number;
    not_sent: number;
    p50: number | null;
    pending: number;
    dead: number;
    failed_event_id: string | null;
    failed_at: Date | null;
    failed_status: number | null;
    failed_error: string | null;
  }>`
    with recent as (
      select a.event_id, a.attempted_at, a.sent, a.status_code, a.error, a.latency_ms
      from webhook_deliveries d
      join webhook_attempts a on a.event_id = d.event_id and a.attempted_at >= ${from}
      where d.tenant_id = ${scope.tenantId} and d.environment = ${scope.environment}
        and d.last_attempt_at >= ${from}
    ), tally as (
      select count(*) filter (where sent)::int as sent,
             count(*) filter (where sent and status_code between 200 and 299)::int as delivered,
             count(*) filter (where not sent)::int as not_sent,
             percentile_disc(0.5) within group (order by latency_ms) filter (where sent) as p50
      from recent
    ), failed as (
      select event_id, attempted_at, status_code, error from recent
      where sent and (status_code is null or status_code not between 200 and 299)
      order by attempted_at desc, event_id limit 1
    ), backlog as (
      select count(*) filter (where state = 'pending')::int as pending,
             count(*) filter (where state = 'dead')::int as dead
      from webhook_deliveries
      where tenant_id = ${scope.tenantId} and environment = ${scope.environment} and state in ('pending', 'dead')
    )
    select te.webhook_url, te.webhook_secret is not null as secret_set, tally.sent, tally.delivered, tally.not_sent,
           tally.p50, backlog.pending, backlog.dead, failed.event_id as failed_event_id, failed.attempted_at as failed_at,
           failed.status_code as failed_status, failed.error as failed_error
    from tally cross join backlog
    left join failed on true
    left join tenant_environments te on te.tenant_id = ${scope.tenantId} and te.environment = ${scope.environment}`.execute(
    db,
  );
  const r = rows.rows[0]!;
  return {
    webhookUrl: r.webhook_url,
    webhookSecretSet: r.secret_set === true,
    sent: r.sent,
    delivered: r.delivered,
    notSent: r.not_sent,
    p50LatencyMs: r.p50,
    pending: r.pending,
    dead: r.dead,
    lastFailure:
      r.failed_event_id === null
        ? null
        : {
            eventId: r.failed_event_id,
            attemptedAt: r.failed_at!,
            statusCode: r.failed_status,
            error: r.failed_error,
          },
  };
}
