import { sql } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { Environment, RequestLogTable } from '../../db/schema.js';
import type { TenantEnv } from '../context.js';
import type { KeptBodies, LoggedRequest } from './model/entry.js';
import type { LogCursor, RequestFilter } from './model/filter.js';

/** A logged request as read back, with its bodies. */
export type StoredRequest = LoggedRequest & KeptBodies;

/** 17 parameters a row: PostgreSQL's 65,535 per statement allow ~3,800; a batch stays well under. */
const ROWS_PER_STATEMENT = 500;

/**
 * Writes a batch; a request id seen twice (a retried write) keeps its first row. A statement the database
 * refuses is tried again row by row, so one bad row costs itself, not its neighbours; how many rows were
 * lost so.
 */
export async function insertRequests(db: Executor, rows: readonly StoredRequest[]): Promise<number> {
  let lost = 0;
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(i, i + ROWS_PER_STATEMENT);
    try {
      await insertRows(db, chunk);
    } catch {
      for (const row of chunk) await insertRows(db, [row]).catch(() => (lost += 1));
    }
  }
  return lost;
}

async function insertRows(db: Executor, rows: readonly StoredRequest[]): Promise<void> {
  await db
    .insertInto('request_log')
    .values(
      rows.map((r) => ({
        request_id: r.requestId,
        tenant_id: r.tenantId,
        environment: r.environment,
        at: r.at,
        method: r.method,
        route: r.route,
        path: r.path,
        status: r.status,
        code: r.code,
        idempotency_key: r.idempotencyKey,
        replayed: r.replayed,
        latency_ms: r.latencyMs,
        external_user_id: r.externalUserId,
        request_body: r.requestBody,
        request_body_bytes: r.requestBodyBytes,
        response_body: r.responseBody,
        response_body_bytes: r.responseBodyBytes,
      })),
    )
    .onConflict((oc) => oc.column('request_id').doNothing())
    .execute();
}

/** Deletes up to `batch` rows older than `cutoff`; how many went. */
export async function deleteRequestsBefore(db: Executor, cutoff: Date, batch: number): Promise<number> {
  const result = await sql`
    delete from request_log where request_id in (
      select request_id from request_log where at < ${cutoff} order by at limit ${batch} for update skip locked)`.execute(
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
  if (cursor) {
    query = query.where((eb) =>
      eb.or([eb('at', '<', cursor.at), eb.and([eb('at', '=', cursor.at), eb('request_id', '<', cursor.requestId)])]),
    );
  }
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
