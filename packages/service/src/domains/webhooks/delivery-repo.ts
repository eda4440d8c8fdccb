import { sql } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { DeliveryState, Environment } from '../../db/schema.js';
import type { TenantEnv } from '../context.js';
import type { StoredEvent } from './model/body.js';
import { deadWindow, type DeadLetterFilter } from './model/dead-letter-filter.js';

/** A tenant environment as a map key. */
export const envKey = (scope: TenantEnv) => `${scope.tenantId}/${scope.environment}`;

/** A delivery a worker holds the lease of, with its event and where and how to send it now. */
export interface ClaimedDelivery extends TenantEnv {
  eventId: string;
  /** The attempt this claim is: attempts so far, this one included. */
  attempt: number;
  /** The same counted from the last resend, for the retry schedule. */
  attemptInCycle: number;
  event: StoredEvent;
  /** The environment's settings at claim time, which is send time: a rotated secret applies from the next claim. */
  webhookUrl: string | null;
  webhookSecret: string | null;
}

export interface ClaimRequest {
  now: Date;
  leaseUntil: Date;
  /** Names this claim; only its holder may record the attempt. */
  token: string;
  limit: number;
  maxPerEnv: number;
  /** Deliveries this process has in flight per tenant environment (envKey): they count against maxPerEnv. */
  inFlight: ReadonlyMap<string, number>;
}

/**
 * Claims due deliveries: takes the attempt (attempts + 1) and a lease, in one statement that commits
 * before anything is sent. FOR UPDATE SKIP LOCKED keeps concurrent claimers off each other's rows, and
 * a claimer that reads a row after another's claim committed sees its lease: one attempt is never
 * sent twice at once. A lease that runs out (its holder died) makes the delivery due again.
 *
 * Fair between tenant environments: each environment is probed for its own oldest due deliveries, up to
 * its free slots (maxPerEnv less the caller's in-flight ones), so one environment's backlog never hides
 * another's due work, however large. When there are more than `limit` candidates, they are served by the
 * slot they would take, counting what the environment already has in flight: every environment's first
 * slot before any environment's second (then oldest first). So when slow receivers fill the process's
 * slots, a freed one goes to an environment with nothing in flight before a backlog's next delivery.
 */
export async function claimDue(db: Executor, request: ClaimRequest): Promise<ClaimedDelivery[]> {
  const busy = [...request.inFlight].map(([key, n]) => ({ key, n }));
  const tenants = busy.map((b) => b.key.split('/')[0]!);
  const environments = busy.map((b) => b.key.split('/')[1]!);
  const counts = busy.map((b) => b.n);
  const rows = await sql<{
    event_id: string;
    tenant_id: string;
    environment: Environment;
    attempts: number;
    schedule_base: number;
    type: string;
    occurred_at: Date;
    data: Record<string, unknown>;
    webhook_url: string | null;
    webhook_secret: string | null;
  }>`
    with busy as (
      select * from unnest(${tenants}::uuid[], ${environments}::text[], ${counts}::int[]) as b(tenant_id, environment, n)
    ), open_envs as (
      select te.tenant_id, te.environment, coalesce(b.n, 0) as busy, ${request.maxPerEnv} - coalesce(b.n, 0) as free
      from tenant_environments te
      left join busy b on b.tenant_id = te.tenant_id and b.environment = te.environment
      where ${request.maxPerEnv} - coalesce(b.n, 0) > 0
    ), candidates as (
      select o.tenant_id, o.environment, o.busy, c.event_id, c.next_attempt_at
      from open_envs o
      cross join lateral (
        select d.event_id, d.next_attempt_at
        from webhook_deliveries d
        where d.tenant_id = o.tenant_id and d.environment = o.environment
          and d.state = 'pending' and d.next_attempt_at <= ${request.now}
          and (d.leased_until is null or d.leased_until <= ${request.now})
        order by d.next_attempt_at
        limit o.free
        for update of d skip locked
      ) c
    ), chosen as (
      select event_id from (
        select event_id, next_attempt_at,
               busy + row_number() over (partition by tenant_id, environment order by next_attempt_at, event_id) as slot
        from candidates
      ) ranked
      order by slot, next_attempt_at
      limit ${request.limit}
    )
    update webhook_deliveries d
    set attempts = d.attempts + 1, leased_until = ${request.leaseUntil}, lease_token = ${request.token}
    from chosen c, events e, tenant_environments te
    where d.event_id = c.event_id and e.id = d.event_id and te.tenant_id = d.tenant_id and te.environment = d.environment
    returning d.event_id, d.tenant_id, d.environment, d.attempts, d.schedule_base, e.type, e.occurred_at, e.data,
              te.webhook_url, te.webhook_secret`.execute(db);
  return rows.rows.map((r) => ({
    tenantId: r.tenant_id,
    environment: r.environment,
    eventId: r.event_id,
    attempt: r.attempts,
    attemptInCycle: r.attempts - r.schedule_base,
    event: { id: r.event_id, type: r.type, occurredAt: r.occurred_at, data: r.data },
    webhookUrl: r.webhook_url,
    webhookSecret: r.webhook_secret,
  }));
}

export interface AttemptRecord {
  eventId: string;
  attempt: number;
  token: string;
  attemptedAt: Date;
  url: string | null;
  /** False when nothing went out (no secret, no URL): no HTTP failure, and no headers. */
  sent: boolean;
  /** The headers the attempt was sent with; never the secret (the signature is an HMAC of the body). */
  requestHeaders: Record<string, string> | null;
  statusCode: number | null;
  error: string | null;
  latencyMs: number;
  responseExcerpt: string | null;
  /** What the delivery becomes: delivered, pending again at nextAttemptAt, or dead. */
  outcome: { state: 'delivered' } | { state: 'pending'; nextAttemptAt: Date } | { state: 'dead' };
  now: Date;
}

/**
 * Writes the attempt and moves the delivery on, in one statement (so atomically, in one round trip).
 * The delivery only moves while the caller still holds the lease: a worker whose lease ran out and was
 * claimed again leaves the delivery to the new holder (its attempt is still recorded, under its own
 * number). True when the delivery moved.
 */
export async function recordAttempt(db: Executor, record: AttemptRecord): Promise<boolean> {
  const { outcome } = record;
  const moved = await sql<{ moved: boolean }>`
    with attempt as (
      insert into webhook_attempts (event_id, attempt, attempted_at, url, sent, request_headers, status_code, error,
                                    latency_ms, response_excerpt)
      values (${record.eventId}, ${record.attempt}, ${record.attemptedAt}, ${record.url}, ${record.sent},
              ${record.requestHeaders === null ? null : JSON.stringify(record.requestHeaders)}::jsonb,
              ${record.statusCode}, ${record.error}, ${record.latencyMs}, ${record.responseExcerpt})
    ), moved as (
      update webhook_deliveries
      set state = ${outcome.state},
          next_attempt_at = ${outcome.state === 'pending' ? outcome.nextAttemptAt : null},
          finished_at = ${outcome.state === 'pending' ? null : record.now},
          leased_until = null, lease_token = null,
          last_attempt_at = ${record.attemptedAt}, last_status = ${record.statusCode}, last_error = ${record.error}
      where event_id = ${record.eventId} and lease_token = ${record.token}
      returning 1
    )
    select exists (select 1 from moved) as moved`.execute(db);
  return moved.rows[0]?.moved === true;
}

export interface DeadLetterRow {
  eventId: string;
  eventSeq: bigint;
  tenantId: string;
  environment: Environment;
  type: string;
  occurredAt: Date;
  attempts: number;
  lastAttemptAt: Date | null;
  lastStatus: number | null;
  lastError: string | null;
  deadAt: Date;
}

const deadLetterColumns = sql`
  d.event_id, d.event_seq, d.tenant_id, d.environment, e.type, e.occurred_at, d.attempts,
  d.last_attempt_at, d.last_status, d.last_error, d.finished_at`;

type DeadLetterSqlRow = {
  event_id: string;
  event_seq: bigint;
  tenant_id: string;
  environment: Environment;
  type: string;
  occurred_at: Date;
  attempts: number;
  last_attempt_at: Date | null;
  last_status: number | null;
  last_error: string | null;
  finished_at: Date;
};

function presentDeadLetter(r: DeadLetterSqlRow): DeadLetterRow {
  return {
    eventId: r.event_id,
    eventSeq: r.event_seq,
    tenantId: r.tenant_id,
    environment: r.environment,
    type: r.type,
    occurredAt: r.occurred_at,
    attempts: r.attempts,
    lastAttemptAt: r.last_attempt_at,
    lastStatus: r.last_status,
    lastError: r.last_error,
    deadAt: r.finished_at,
  };
}

/**
 * The dead letters a filter names (alias d for the delivery). The event is read for its type only when
 * the filter names one: a count or a bulk resend of a whole night's dead letters joins nothing.
 */
function deadLetterWhere(filter: DeadLetterFilter, now: Date) {
  const window = deadWindow(filter, now);
  const type = filter.type
    ? sql`and exists (select 1 from events t where t.id = d.event_id and t.type = ${filter.type})`
    : sql``;
  return sql`d.state = 'dead'
      and (${filter.tenantId ?? null}::uuid is null or d.tenant_id = ${filter.tenantId ?? null}::uuid)
      and (${filter.environment ?? null}::text is null or d.environment = ${filter.environment ?? null}::text)
      ${type}
      and (${window.from}::timestamptz is null or d.finished_at >= ${window.from}::timestamptz)
      and (${window.to}::timestamptz is null or d.finished_at < ${window.to}::timestamptz)`;
}

/**
 * A page of dead deliveries in event order (keyset on event_seq): after `afterSeq` going forward, or
 * the last ones before `beforeSeq` (a previous page, still answered in event order); limit + 1 rows,
 * the extra one saying whether more lie that way.
 */
export async function listDeadLetterRows(
  db: Executor,
  query: {
    filter: DeadLetterFilter;
    now: Date;
    afterSeq: bigint | null;
    beforeSeq?: bigint | null;
    limit: number;
  },
): Promise<DeadLetterRow[]> {
  const backwards = query.beforeSeq !== undefined && query.beforeSeq !== null;
  const bound = backwards ? sql`d.event_seq < ${query.beforeSeq}` : sql`d.event_seq > ${query.afterSeq ?? -1n}`;
  const rows = await sql<DeadLetterSqlRow>`
    select ${deadLetterColumns}
    from webhook_deliveries d join events e on e.id = d.event_id
    where ${deadLetterWhere(query.filter, query.now)} and ${bound}
    order by d.event_seq ${backwards ? sql`desc` : sql`asc`}
    limit ${query.limit + 1}`.execute(db);
  return rows.rows.map(presentDeadLetter);
}

/** How many dead letters a filter matches, per tenant environment. */
export interface DeadLetterCount {
  tenantId: string;
  environment: Environment;
  count: number;
}

/** The dead letters a filter matches, counted per tenant environment in one statement. */
export async function countDeadLetterRows(
  db: Executor,
  filter: DeadLetterFilter,
  now: Date,
): Promise<DeadLetterCount[]> {
  const rows = await sql<{ tenant_id: string; environment: Environment; count: number }>`
    select d.tenant_id, d.environment, count(*)::int as count
    from webhook_deliveries d
    where ${deadLetterWhere(filter, now)}
    group by d.tenant_id, d.environment
    order by d.tenant_id, d.environment`.execute(db);
  return rows.rows.map((r) => ({ tenantId: r.tenant_id, environment: r.environment, count: r.count }));
}

/**
 * Puts back, as reviveDelivery (delivery-moves-repo.ts) does each, the oldest `cap` dead letters a
 * filter matches, in one statement: counted per tenant environment. SKIP LOCKED and the state condition
 * in the update make it safe beside a single resend or another bulk one: a delivery is revived once,
 * never twice.
 */
export async function reviveDeadDeliveries(
  db: Executor,
  filter: DeadLetterFilter,
  now: Date,
  cap: number,
): Promise<DeadLetterCount[]> {
  const rows = await sql<{ tenant_id: string; environment: Environment; count: number }>`
    with chosen as (
      select d.event_id
      from webhook_deliveries d
      where ${deadLetterWhere(filter, now)}
      order by d.event_seq
      limit ${cap}
      for update of d skip locked
    ), revived as (
      update webhook_deliveries d
      set state = 'pending', next_attempt_at = ${now}, finished_at = null, schedule_base = d.attempts,
          leased_until = null, lease_token = null
      from chosen c
      where d.event_id = c.event_id and d.state = 'dead'
      returning d.tenant_id, d.environment
    )
    select tenant_id, environment, count(*)::int as count, pg_notify('webhook_deliveries', '')
    from revived
    group by tenant_id, environment
    order by tenant_id, environment`.execute(db);
  return rows.rows.map((r) => ({ tenantId: r.tenant_id, environment: r.environment, count: r.count }));
}

export async function findDeliveryState(db: Executor, eventId: string): Promise<DeliveryState | null> {
  const row = await sql<{
    state: DeliveryState;
  }>`select state from webhook_deliveries where event_id = ${eventId}`.execute(db);
  return row.rows[0]?.state ?? null;
}

export interface DeliveryBacklog {
  tenantId: string;
  environment: Environment;
  dead: number;
  pending: number;
  /** When the oldest pending delivery was made; null without any pending. */
  oldestPendingAt: Date | null;
  /** The earliest next attempt among pending deliveries already due; null when none is waiting for a worker. */
  oldestDueAt: Date | null;
}

/**
 * Every tenant environment's dead letters and pending deliveries, in one statement (the panel's overview,
 * and summed for the metrics); tenant environments with neither are left out. It reads only pending and
 * dead rows (the partial indexes of 0019 and 0029), never the delivered history.
 */
export async function selectDeliveryBacklog(db: Executor, now: Date, tenantId?: string): Promise<DeliveryBacklog[]> {
  const rows = await sql<{
    tenant_id: string;
    environment: Environment;
    dead: number;
    pending: number;
    oldest: Date | null;
    oldest_due: Date | null;
  }>`
    select tenant_id, environment,
           count(*) filter (where state = 'dead')::int as dead,
           count(*) filter (where state = 'pending')::int as pending,
           min(created_at) filter (where state = 'pending') as oldest,
           min(next_attempt_at) filter (where state = 'pending' and next_attempt_at <= ${now}) as oldest_due
    from webhook_deliveries
    where state in ('dead', 'pending') ${tenantId === undefined ? sql`` : sql`and tenant_id = ${tenantId}`}
    group by tenant_id, environment`.execute(db);
  return rows.rows.map((r) => ({
    tenantId: r.tenant_id,
    environment: r.environment,
    dead: r.dead,
    pending: r.pending,
    oldestPendingAt: r.oldest,
    oldestDueAt: r.oldest_due,
  }));
}
