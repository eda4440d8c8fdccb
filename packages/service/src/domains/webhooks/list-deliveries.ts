import type { Environment } from '../../db/schema.js';
import type { Ctx, TenantEnv } from '../context.js';

export interface DeliveryAttempt {
  attempt: number;
  attemptedAt: Date;
  statusCode: number | null;
  error: string | null;
  latencyMs: number;
}

export interface DeliveryView {
  eventId: string;
  type: string;
  environment: Environment;
  state: string;
  occurredAt: Date;
  nextAttemptAt: Date | null;
  attempts: DeliveryAttempt[];
}

/**
 * A tenant environment's latest webhook deliveries, newest event first, each with its attempts in order
 * (the tenant portal's webhooks screen). Two statements: the deliveries, then their attempts.
 */
export async function listDeliveries(ctx: Ctx, scope: TenantEnv, limit: number): Promise<DeliveryView[]> {
  const deliveries = await ctx.db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('events as e', 'e.id', 'd.event_id')
    .select(['d.event_id', 'e.type', 'd.environment', 'd.state', 'e.occurred_at', 'd.next_attempt_at'])
    .where('d.tenant_id', '=', scope.tenantId)
    .where('d.environment', '=', scope.environment)
    .orderBy('d.event_seq', 'desc')
    .limit(limit)
    .execute();
  if (deliveries.length === 0) return [];
  const attempts = await ctx.db
    .selectFrom('webhook_attempts')
    .select(['event_id', 'attempt', 'attempted_at', 'status_code', 'error', 'latency_ms'])
    .where(
      'event_id',
      'in',
      deliveries.map((d) => d.event_id),
    )
    .orderBy('event_id')
    .orderBy('attempt')
    .execute();
  const byEvent = new Map<string, DeliveryAttempt[]>();
  for (const a of attempts) {
    const list = byEvent.get(a.event_id) ?? [];
    list.push({
      attempt: a.attempt,
      attemptedAt: a.attempted_at,
      statusCode: a.status_code,
      error: a.error,
      latencyMs: a.latency_ms,
    });
    byEvent.set(a.event_id, list);
  }
  return deliveries.map((d) => ({
    eventId: d.event_id,
    type: d.type,
    environment: d.environment,
    state: d.state,
    occurredAt: d.occurred_at,
    nextAttemptAt: d.next_attempt_at,
    attempts: byEvent.get(d.event_id) ?? [],
  }));
}
