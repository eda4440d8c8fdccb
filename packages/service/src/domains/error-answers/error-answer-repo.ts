import { sql } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { TenantEnv } from '../context.js';
import type { ErrorAnswer, MinuteCount } from './model/batch.js';

/**
 * PostgreSQL takes at most 65,535 parameters in one statement (8 a row here): a long list is written
 * `perStatement` rows at a time.
 */
async function inStatements<T>(
  items: readonly T[],
  perStatement: number,
  write: (chunk: readonly T[]) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < items.length; i += perStatement) await write(items.slice(i, i + perStatement));
}

/** Multi-row inserts of `perStatement` rows; a request_id seen twice (a retried flush) keeps its first row. */
export async function insertErrorAnswers(
  db: Executor,
  rows: readonly ErrorAnswer[],
  perStatement: number,
): Promise<void> {
  await inStatements(rows, perStatement, (chunk) =>
    db
      .insertInto('error_answers')
      .values(
        chunk.map((r) => ({
          request_id: r.requestId,
          tenant_id: r.tenantId,
          environment: r.environment,
          code: r.code,
          status: r.status,
          method: r.method,
          route: r.route,
          at: r.at,
        })),
      )
      .onConflict((oc) => oc.column('request_id').doNothing())
      .execute(),
  );
}

/**
 * Adds to the per-minute counts, `perStatement` at a time (the unique key treats null as a value: NULLS
 * NOT DISTINCT). All or none: several statements run in one transaction, so a failed write can be retried
 * whole without counting any answer twice.
 */
export async function addErrorAnswerCounts(
  db: Executor,
  counts: readonly MinuteCount[],
  perStatement: number,
): Promise<void> {
  const upsert = (executor: Executor) => (chunk: readonly MinuteCount[]) =>
    executor
      .insertInto('error_answer_counts')
      .values(
        chunk.map((c) => ({
          minute: c.minute,
          environment: c.environment,
          tenant_id: c.tenantId,
          code: c.code,
          count: BigInt(c.count),
        })),
      )
      .onConflict((oc) =>
        oc
          .columns(['minute', 'environment', 'tenant_id', 'code'])
          .doUpdateSet({ count: sql`error_answer_counts.count + excluded.count` }),
      )
      .execute();
  if (counts.length <= perStatement) return inStatements(counts, perStatement, upsert(db));
  await db.transaction().execute((tx) => inStatements(counts, perStatement, upsert(tx)));
}

/** Deletes up to `batch` answers and counts older than `cutoff`; how many answers went. */
export async function deleteErrorAnswersBefore(db: Executor, cutoff: Date, batch: number): Promise<number> {
  const result = await sql`
    delete from error_answers where request_id in (
      select request_id from error_answers where at < ${cutoff} order by at limit ${batch} for update skip locked)`.execute(
    db,
  );
  await db.deleteFrom('error_answer_counts').where('minute', '<', cutoff).execute();
  return Number(result.numAffectedRows ?? 0n);
}

export interface StoredErrorAnswer extends ErrorAnswer {
  tenantName: string | null;
}

export async function selectErrorAnswer(db: Executor, requestId: string): Promise<StoredErrorAnswer | undefined> {
  const row = await db
    .selectFrom('error_answers as e')
    .leftJoin('tenants as t', 't.id', 'e.tenant_id')
    .select([
      'e.request_id',
      'e.tenant_id',
      't.name',
      'e.environment',
      'e.code',
      'e.status',
      'e.method',
      'e.route',
      'e.at',
    ])
    .where('e.request_id', '=', requestId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    requestId: row.request_id,
    tenantId: row.tenant_id,
    tenantName: row.name,
    environment: row.environment,
    code: row.code,
    status: row.status,
    method: row.method,
    route: row.route,
    at: row.at,
  };
}

export interface ErrorAnswerTally {
  environment: string | null;
  tenantId: string | null;
  tenantName: string | null;
  code: string;
  count: number;
}

/** The counts since `since` (whole minutes: the minute `since` falls in counts whole), most first. */
export async function selectErrorAnswerCounts(db: Executor, since: Date): Promise<ErrorAnswerTally[]> {
  const rows = await db
    .selectFrom('error_answer_counts as c')
    .leftJoin('tenants as t', 't.id', 'c.tenant_id')
    .select(['c.environment', 'c.tenant_id', 't.name', 'c.code', sql<string>`sum(c.count)`.as('count')])
    .where('c.minute', '>=', sql<Date>`date_trunc('minute', ${since}::timestamptz)`)
    .groupBy(['c.environment', 'c.tenant_id', 't.name', 'c.code'])
    .orderBy(sql`sum(c.count)`, 'desc')
    .orderBy('c.code')
    .execute();
  return rows.map((r) => ({
    environment: r.environment,
    tenantId: r.tenant_id,
    tenantName: r.name,
    code: r.code,
    count: Number(r.count),
  }));
}

/** One code's error answers in one clock hour (UTC). */
export interface HourTally {
  hour: Date;
  code: string;
  count: number;
}

/**
 * One tenant environment's error answers per clock hour (UTC) and code, from the hour `since` falls in
 * (whole hours, from the per-minute counts: every answer, the ones kept by request_id or not).
 */
export async function selectTenantErrorHours(db: Executor, scope: TenantEnv, since: Date): Promise<HourTally[]> {
  const { rows } = await sql<{ hour: Date; code: string; count: string }>`
    select date_trunc('hour', c.minute, 'UTC') as hour, c.code, sum(c.count)::text as count
    from error_answer_counts c
    where c.minute >= date_trunc('hour', ${since}::timestamptz, 'UTC')
      and c.tenant_id = ${scope.tenantId} and c.environment = ${scope.environment}
    group by 1, 2
    order by 1, sum(c.count) desc, 2`.execute(db);
  return rows.map((r) => ({ hour: r.hour, code: r.code, count: Number(r.count) }));
}
