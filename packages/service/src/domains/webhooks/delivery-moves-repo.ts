import { sql } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { DeliveryState } from '../../db/schema.js';
import type { TenantEnv } from '../context.js';

/** Which delivery a move is about: its id, within one tenant environment when `scope` is given. */
export interface DeliveryRef {
  eventId: string;
  /** The portal's session scope; null for the platform (the panel, the platform API). */
  scope: TenantEnv | null;
}

/** What a page showed of a delivery when it made its form. */
export interface SeenDelivery {
  /** The attempt count the page showed: a form posted again after the delivery moved on matches nothing. */
  attempts?: number;
}

const within = (scope: TenantEnv | null) =>
  scope === null ? sql`` : sql`and tenant_id = ${scope.tenantId} and environment = ${scope.environment}`;

const seenAttempts = (seen: SeenDelivery) =>
  seen.attempts === undefined ? sql`` : sql`and attempts = ${seen.attempts}`;

/**
 * Puts a delivery back to be sent again: pending, due now, a new cycle of the retry schedule; the attempt
 * count goes on, and the delivery keeps its id (the event's), so the receiver gets the same delivery again.
 * Only from one of `from` (the platform API's dead-letter resend: dead only), and only while the delivery
 * still has the attempt count the form saw: a conditional update, so two resends at once, or a form posted
 * twice, revive it once. Null when nothing matched (then findDeliveryState tells why).
 */
export async function reviveDelivery(
  db: Executor,
  ref: DeliveryRef,
  from: readonly DeliveryState[],
  seen: SeenDelivery,
  now: Date,
): Promise<{ eventId: string; attempts: number } | null> {
  // Notifies like an enqueued delivery (migration 0019), so the worker sends it at once.
  const row = await sql<{ event_id: string; attempts: number }>`
    with revived as (
      update webhook_deliveries
      set state = 'pending', next_attempt_at = ${now}, finished_at = null, schedule_base = attempts, leased_until = null, lease_token = null
      where event_id = ${ref.eventId} and state = any(${[...from]}::text[]) ${within(ref.scope)} ${seenAttempts(seen)}
      returning event_id, attempts
    )
    select event_id, attempts, pg_notify('webhook_deliveries', '') from revived`.execute(db);
  const r = row.rows[0];
  return r ? { eventId: r.event_id, attempts: r.attempts } : null;
}

/**
 * "Retry now": a pending delivery's next attempt is now instead of later in the schedule, and the worker
 * is told at once. Not while an attempt is in flight (its lease runs), and only while the delivery still
 * has the attempt count the form saw, so a form posted twice brings one attempt forward, not two.
 */
export async function retryPendingNow(
  db: Executor,
  ref: DeliveryRef,
  seen: SeenDelivery,
  now: Date,
): Promise<{ eventId: string; attempts: number } | null> {
  const row = await sql<{ event_id: string; attempts: number }>`
    with hurried as (
      update webhook_deliveries
      set next_attempt_at = ${now}
      where event_id = ${ref.eventId} and state = 'pending' ${within(ref.scope)} ${seenAttempts(seen)}
        and (leased_until is null or leased_until <= ${now})
      returning event_id, attempts
    )
    select event_id, attempts, pg_notify('webhook_deliveries', '') from hurried`.execute(db);
  const r = row.rows[0];
  return r ? { eventId: r.event_id, attempts: r.attempts } : null;
}

/** Where a delivery stands, for the words of a move that matched nothing; null when there is none (in scope). */
export async function findDeliveryStanding(
  db: Executor,
  ref: DeliveryRef,
  now: Date,
): Promise<{ state: DeliveryState; attempts: number; inFlight: boolean } | null> {
  const row = await sql<{ state: DeliveryState; attempts: number; in_flight: boolean }>`
    select state, attempts, coalesce(leased_until > ${now}, false) as in_flight
    from webhook_deliveries where event_id = ${ref.eventId} ${within(ref.scope)}`.execute(db);
  const r = row.rows[0];
  return r ? { state: r.state, attempts: r.attempts, inFlight: r.in_flight } : null;
}
