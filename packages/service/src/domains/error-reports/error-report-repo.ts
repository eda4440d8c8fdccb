import { sql } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { Environment } from '../../db/schema.js';
import type { TenantEnv } from '../context.js';

export interface ErrorReport {
  code: string;
  message: string;
  stack: string | null;
  url: string | null;
  widgetVersion: string;
  occurredAt: Date;
}

export interface StoredErrorReport extends ErrorReport {
  id: string;
  seq: bigint;
  tenantId: string;
  environment: Environment;
  externalUserId: string;
  receivedAt: Date;
}

export async function insertErrorReport(
  db: Executor,
  scope: TenantEnv,
  externalUserId: string,
  report: ErrorReport,
  id: string,
  now: Date,
): Promise<void> {
  await db
    .insertInto('widget_error_reports')
    .values({
      id,
      tenant_id: scope.tenantId,
      environment: scope.environment,
      external_user_id: externalUserId,
      code: report.code,
      message: report.message,
      stack: report.stack,
      url: report.url,
      widget_version: report.widgetVersion,
      occurred_at: report.occurredAt,
      received_at: now,
    })
    .execute();
}

/**
 * Counts one more report for the tenant environment's UTC day starting at `day`, unless it has `cap`
 * already (the conditional upsert takes the day's row lock, so concurrent reports cannot both take the
 * last place); true when counted. Called in the transaction that stores the report.
 */
export async function countReportOfDay(tx: Executor, scope: TenantEnv, day: Date, cap: number): Promise<boolean> {
  const row = await tx
    .insertInto('widget_error_report_days')
    .values({ tenant_id: scope.tenantId, environment: scope.environment, day, reports: 1 })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'environment', 'day'])
        .doUpdateSet({ reports: sql`widget_error_report_days.reports + 1` })
        .where('widget_error_report_days.reports', '<', cap),
    )
    .returning('reports')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Deletes up to `batch` reports received before `cutoff`, oldest first (by the received_at index), and
 * the day counters before it; SKIP LOCKED so that two processes running the purge do not wait on each
 * other. Returns how many reports.
 */
export async function deleteReportsBefore(db: Executor, cutoff: Date, batch: number): Promise<number> {
  const result = await sql`
    delete from widget_error_reports where id in (
      select id from widget_error_reports where received_at < ${cutoff}
      order by received_at limit ${batch} for update skip locked)`.execute(db);
  await db.deleteFrom('widget_error_report_days').where('day', '<', cutoff).execute();
  return Number(result.numAffectedRows ?? 0n);
}

/** Newest first, before a position in the sequence (keyset pagination), optionally of one tenant environment. */
export async function listErrorReportRows(
  db: Executor,
  filter: { tenantId?: string; environment?: Environment; beforeSeq: bigint | null; limit: number },
): Promise<StoredErrorReport[]> {
  let query = db
    .selectFrom('widget_error_reports')
    .selectAll()
    .orderBy('seq', 'desc')
    .limit(filter.limit + 1);
  if (filter.tenantId !== undefined) query = query.where('tenant_id', '=', filter.tenantId);
  if (filter.environment !== undefined) query = query.where('environment', '=', filter.environment);
  if (filter.beforeSeq !== null) query = query.where('seq', '<', filter.beforeSeq);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    seq: r.seq,
    tenantId: r.tenant_id,
    environment: r.environment,
    externalUserId: r.external_user_id,
    code: r.code,
    message: r.message,
    stack: r.stack,
    url: r.url,
    widgetVersion: r.widget_version,
    occurredAt: r.occurred_at,
    receivedAt: r.received_at,
  }));
}
