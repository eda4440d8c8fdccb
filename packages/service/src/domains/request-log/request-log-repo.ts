import { sql } from 'kysely';
import type pg from 'pg';
import type { Db, Executor } from '../../db/connection.js';
import { copyField, copyLines, copyValue } from '../../db/copy.js';
import type { Environment, RequestLogTable } from '../../db/schema.js';
import type { TenantEnv } from '../context.js';
import { isCovered, rangeOf, type DayRange } from './model/days.js';
import type { KeptBodies, LoggedRequest } from './model/entry.js';
import type { LogCursor, RequestFilter } from './model/filter.js';

/** A logged request as read back, with its bodies. */
export type StoredRequest = LoggedRequest & KeptBodies;

/** Rows a COPY sends at most: a batch's bodies (16 KB each at most) stay a few megabytes. */
const ROWS_PER_COPY = 500;

const COPY_STATEMENT =
  'copy request_log (request_id, tenant_id, environment, at, method, route, path, status, code, idempotency_key, ' +
  'replayed, latency_ms, external_user_id, request_body, request_body_bytes, response_body, response_body_bytes) ' +
  'from stdin';

/**
 * The log's batches commit without waiting for the disk: a crash of the database or an immediate stop may
 * lose its last fraction of a second, as a kill of the service loses the entries still waiting
 * (docs/operations.md, "The request log").
 */
const NOT_DURABLE = { durable: false };

/** A request on its way to the log, with its bodies as kept. */
export interface RequestToWrite {
  request: LoggedRequest;
  bodies: KeptBodies;
}

/**
 * Writes a batch with COPY (db/copy.ts): the log is written far more often than it is read. A COPY the
 * database refuses is tried again row by row, so one bad row costs itself, not its neighbours; returns how
 * many rows were lost so.
 */
export async function writeRequests(pool: pg.Pool, batch: readonly RequestToWrite[]): Promise<number> {
  let lost = 0;
  for (let i = 0; i < batch.length; i += ROWS_PER_COPY) {
    const lines = batch.slice(i, i + ROWS_PER_COPY).map(lineOf);
    try {
      await copyLines(pool, COPY_STATEMENT, lines.join(''), NOT_DURABLE);
    } catch {
      for (const line of lines) await copyLines(pool, COPY_STATEMENT, line, NOT_DURABLE).catch(() => (lost += 1));
    }
  }
  return lost;
}

function lineOf({ request: r, bodies: b }: RequestToWrite): string {
  return (
    `${r.requestId}\t${r.tenantId}\t${r.environment}\t${r.at.toISOString()}\t${copyField(r.method)}\t` +
    `${copyField(r.route)}\t${copyField(r.path)}\t${r.status}\t${copyField(r.code)}\t` +
    `${copyField(r.idempotencyKey)}\t${copyValue(r.replayed)}\t${r.latencyMs}\t${copyField(r.externalUserId)}\t` +
    `${copyField(b.requestBody)}\t${copyValue(b.requestBodyBytes)}\t${copyField(b.responseBody)}\t` +
    `${copyValue(b.responseBodyBytes)}\n`
  );
}

/** Any constant: one process at a time adds or drops a day of the log (request_log_days below). */
const DAY_LOCK = 727_036;
/** A day added or dropped waits this long at most for another process's, then is tried again later. */
const DAY_LOCK_TIMEOUT = '2s';

/** A table of the log's days (model/days.ts), attached to the log or left detached by a drop cut short. */
export interface DayTable {
  name: string;
  attached: boolean;
  /** A detach under way, or cut short. */
  detaching: boolean;
}

/**
 * The tables of the log's days, attached or not. The log itself is named as every statement names its
 * tables, through the connection's search_path: a service whose tables live in another schema than
 * `public` finds it there.
 */
export async function listDayTables(db: Executor): Promise<DayTable[]> {
  const { rows } = await sql<DayTable>`
    select c.relname as name, i.inhrelid is not null as attached, coalesce(i.inhdetachpending, false) as detaching
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    left join pg_inherits i on i.inhrelid = c.oid and i.inhparent = 'request_log'::regclass
    where n.nspname = 'request_log_days' and c.relkind = 'r'`.execute(db);
  return rows;
}

/**
 * Adds the partition of one day unless a partition holds that day already (another process may have
 * added it): made empty, then attached, which keeps none of the log's readers and writers waiting. A
 * table of that name left detached (an expired day whose drop was cut short) goes first.
 */
export async function addDayPartition(db: Db, day: DayRange & { from: number }): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await sql`select set_config('lock_timeout', ${DAY_LOCK_TIMEOUT}, true), pg_advisory_xact_lock(${DAY_LOCK})`.execute(
      tx,
    );
    const tables = await listDayTables(tx);
    const ranges = tables.flatMap((t) => (t.attached ? (rangeOf(t.name) ?? []) : []));
    if (isCovered(ranges, day.from)) return;
    const table = sql.id('request_log_days', day.name);
    if (tables.some((t) => t.name === day.name)) await sql`drop table ${table}`.execute(tx);
    await sql`create table ${table} (like request_log)`.execute(tx);
    await sql`alter table request_log attach partition ${table}
      for values from (${sql.lit(new Date(day.from).toISOString())}) to (${sql.lit(new Date(day.to).toISOString())})`.execute(
      tx,
    );
  });
}

/**
 * Detaches a partition whose every row has expired, concurrently: it waits for the transactions that
 * may read it to end, but no reader or writer of the log waits for it (a plain detach or drop would lock
 * them all out meanwhile). Not in a transaction, which a concurrent detach cannot be in. A detach cut
 * short (`detaching`) is finished instead.
 */
export async function detachDayPartition(db: Db, partition: DayTable): Promise<void> {
  const table = sql.id('request_log_days', partition.name);
  await sql`alter table request_log detach partition ${table} ${partition.detaching ? sql`finalize` : sql`concurrently`}`.execute(
    db,
  );
}

/**
 * Drops a detached day (which waits for no reader or writer), under the lock that adds days: one another
 * process dropped first, or attached again meanwhile (a clock at that day), is left as it is.
 */
export async function dropDetachedDay(db: Db, name: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await sql`select set_config('lock_timeout', ${DAY_LOCK_TIMEOUT}, true), pg_advisory_xact_lock(${DAY_LOCK})`.execute(
      tx,
    );
    const table = (await listDayTables(tx)).find((t) => t.name === name);
    if (table && !table.attached) await sql`drop table ${sql.id('request_log_days', name)}`.execute(tx);
  });
}

/** Deletes up to `batch` rows older than `cutoff` from a partition kept from before the log went by day. */
export async function deleteExpiredRows(db: Executor, name: string, cutoff: Date, batch: number): Promise<number> {
  const table = sql.id('request_log_days', name);
  const result = await sql`
    delete from ${table} where (request_id, at) in (
      select request_id, at from ${table} where at < ${cutoff} order by at limit ${batch} for update skip locked)`.execute(
    db,
  );
  return Number(result.numAffectedRows ?? 0);
}

/** A request_log row as the domain reads it. */
export function storedRequestOf(r: RequestLogTable): StoredRequest {
  return {
    requestId: r.request_id,
    tenantId: r.tenant_id,
    environment: r.environment,
    at: r.at,
    method: r.method,
    route: r.route,
    path: r.path,
    status: r.status,
    code: r.code,
    idempotencyKey: r.idempotency_key,
    replayed: r.replayed,
    latencyMs: r.latency_ms,
    externalUserId: r.external_user_id,
    requestBody: r.request_body,
    requestBodyBytes: r.request_body_bytes,
    responseBody: r.response_body,
    responseBodyBytes: r.response_body_bytes,
  };
}

/** Whose requests a list reads: a tenant environment's (the portal), or across them (the platform's panel). */
export type LogScope = TenantEnv | { tenantId?: string; environment?: Environment };

/**
 * One page of the log, newest first, from `cursor` on (keyset on at, request_id); `limit + 1` rows are
 * read so the caller knows whether a page follows. Bodies are not read for a list.
 */
export async function listRequests(
  db: Executor,
  scope: LogScope,
  filter: RequestFilter,
  cursor: LogCursor | null,
  limit: number,
): Promise<StoredRequest[]> {
  let query = db.selectFrom('request_log').selectAll();
  if (scope.tenantId) query = query.where('tenant_id', '=', scope.tenantId);
  if (scope.environment) query = query.where('environment', '=', scope.environment);
  if (filter.requestId) query = query.where('request_id', '=', filter.requestId);
  if (filter.user) query = query.where('external_user_id', '=', filter.user);
  if (filter.statusClass) {
    query = query.where('status', '>=', filter.statusClass * 100).where('status', '<', filter.statusClass * 100 + 100);
  }
  if (filter.code) query = query.where('code', '=', filter.code);
  if (filter.route) query = query.where('route', '=', filter.route);
  if (filter.from) query = query.where('at', '>=', filter.from);
  if (filter.to) query = query.where('at', '<=', filter.to);
  // A row comparison, which the indexes' (at, request_id) take as where to start, not as a filter.
  if (cursor)
    query = query.where((eb) => eb(eb.refTuple('at', 'request_id'), '<', eb.tuple(cursor.at, cursor.requestId)));
  const rows = await query
    .orderBy('at', 'desc')
    .orderBy('request_id', 'desc')
    .limit(limit + 1)
    .execute();
  return rows.map((r) => ({ ...storedRequestOf(r), requestBody: null, responseBody: null }));
}

/** One request of a tenant environment's log, with its bodies; null when it is not in that log. */
export async function findRequest(db: Executor, scope: TenantEnv, requestId: string): Promise<StoredRequest | null> {
  const row = await db
    .selectFrom('request_log')
    .selectAll()
    .where('request_id', '=', requestId)
    .where('tenant_id', '=', scope.tenantId)
    .where('environment', '=', scope.environment)
    .executeTakeFirst();
  return row ? storedRequestOf(row) : null;
}

/** One request in any tenant environment's log (the platform's search). */
export async function findAnyRequest(db: Executor, requestId: string): Promise<StoredRequest | null> {
  const row = await db.selectFrom('request_log').selectAll().where('request_id', '=', requestId).executeTakeFirst();
  return row ? storedRequestOf(row) : null;
}
