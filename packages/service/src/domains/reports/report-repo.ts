import { sql } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { Environment, ReportFormat, ReportStatus, ReportType } from '../../db/schema.js';
import type { TenantEnv } from '../context.js';

export interface ReportJob {
  id: string;
  seq: bigint;
  tenantId: string;
  environment: Environment;
  reportType: ReportType;
  format: ReportFormat;
  from: Date | null;
  to: Date | null;
  status: ReportStatus;
  createdAt: Date;
  readyAt: Date | null;
  expiresAt: Date | null;
  rowCount: bigint | null;
  byteSize: bigint | null;
}

export const GENERATE_REPORT_TASK = 'generate-report';

/**
 * Serialises report requests of one tenant environment for the rest of the transaction, so that two
 * requests racing for the third place cannot both take it.
 */
export async function lockReportRequests(tx: Executor, scope: TenantEnv): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`reports:${scope.tenantId}:${scope.environment}`}, 0))`.execute(
    tx,
  );
}

export async function countGenerating(tx: Executor, scope: TenantEnv): Promise<number> {
  const row = await tx
    .selectFrom('report_jobs')
    .select((eb) => eb.fn.countAll<bigint>().as('n'))
    .where('tenant_id', '=', scope.tenantId)
    .where('environment', '=', scope.environment)
    .where('status', '=', 'generating')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The job row and its background job, in the caller's transaction: the report is generated exactly
 * when its request committed. A few attempts (a database restart mid-way); after the last it is failed.
 */
export async function insertReport(
  tx: Executor,
  scope: TenantEnv,
  job: { id: string; reportType: ReportType; format: ReportFormat; from: Date | null; to: Date | null },
  now: Date,
  maxAttempts: number,
): Promise<void> {
  await tx
    .insertInto('report_jobs')
    .values({
      id: job.id,
      tenant_id: scope.tenantId,
      environment: scope.environment,
      report_type: job.reportType,
      format: job.format,
      from_at: job.from,
      to_at: job.to,
      status: 'generating',
      created_at: now,
    })
    .execute();
  await sql`select graphile_worker.add_job(${GENERATE_REPORT_TASK}, json_build_object('report_id', ${job.id}::text),
    max_attempts := ${maxAttempts}::int, job_key := ${`report:${job.id}`}::text)`.execute(tx);
}

export interface ReportFilter {
  /** A tenant environment's own reports; any when absent (the job runner). */
  scope?: TenantEnv;
  id?: string;
  afterSeq?: bigint | null;
  limit: number;
  /** The latest `limit`, newest first, without paging (the tenant portal's lists). */
  newestFirst?: boolean;
}

export async function findReports(db: Executor, f: ReportFilter): Promise<ReportJob[]> {
  let query = db
    .selectFrom('report_jobs')
    .selectAll()
    .orderBy('seq', f.newestFirst ? 'desc' : 'asc')
    .limit(f.limit + 1);
  if (f.scope) query = query.where('tenant_id', '=', f.scope.tenantId).where('environment', '=', f.scope.environment);
  if (f.id !== undefined) query = query.where('id', '=', f.id);
  if (f.afterSeq !== undefined && f.afterSeq !== null) query = query.where('seq', '>', f.afterSeq);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    seq: r.seq,
    tenantId: r.tenant_id,
    environment: r.environment,
    reportType: r.report_type,
    format: r.format,
    from: r.from_at,
    to: r.to_at,
    status: r.status,
    createdAt: r.created_at,
    readyAt: r.ready_at,
    expiresAt: r.expires_at,
    rowCount: r.row_count,
    byteSize: r.byte_size,
  }));
}

export async function findReport(db: Executor, id: string, scope?: TenantEnv): Promise<ReportJob | null> {
  const [job] = await findReports(db, { id, scope, limit: 1 });
  return job ?? null;
}

/** Ready, if it is still generating (a sweep may have failed it meanwhile); false when it was not. */
export async function markReady(
  tx: Executor,
  id: string,
  done: { rowCount: bigint; byteSize: bigint },
  readyAt: Date,
  expiresAt: Date,
): Promise<boolean> {
  const result = await tx
    .updateTable('report_jobs')
    .set({
      status: 'ready',
      ready_at: readyAt,
      expires_at: expiresAt,
      row_count: done.rowCount,
      byte_size: done.byteSize,
    })
    .where('id', '=', id)
    .where('status', '=', 'generating')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Failed, with what went wrong (for the platform team; never shown to the tenant), and no artifact. */
export async function markFailed(tx: Executor, ids: readonly string[], failure: string): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .updateTable('report_jobs')
    .set({ status: 'failed', failure })
    .where('id', 'in', [...ids])
    .where('status', '=', 'generating')
    .execute();
  await deleteChunks(tx, ids);
}

export async function deleteChunks(tx: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .deleteFrom('report_chunks')
    .where('report_id', 'in', [...ids])
    .execute();
}

/**
 * One chunk of the artifact, and the rows read so far on the job (its progress while generating), in
 * one short transaction of its own.
 */
export async function insertChunk(
  db: Executor,
  reportId: string,
  seq: number,
  data: Buffer,
  rowsSoFar: bigint,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.insertInto('report_chunks').values({ report_id: reportId, seq, data }).execute();
    await tx
      .updateTable('report_jobs')
      .set({ row_count: rowsSoFar })
      .where('id', '=', reportId)
      .where('status', '=', 'generating')
      .execute();
  });
}

/** The artifact's chunks in order, one query each, so a download holds one chunk in memory at a time. */
export async function* readChunks(db: Executor, reportId: string): AsyncGenerator<Buffer> {
  for (let seq = 0; ; seq++) {
    const row = await db
      .selectFrom('report_chunks')
      .select('data')
      .where('report_id', '=', reportId)
      .where('seq', '=', seq)
      .executeTakeFirst();
    if (!row) return;
    yield row.data;
  }
}

/** Reports whose artifact is past expires_at and still has chunks, a bounded batch. */
export async function findExpiredWithChunks(db: Executor, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('report_jobs as r')
    .select('r.id')
    .where('r.status', '=', 'ready')
    .where('r.expires_at', '<=', now)
    .where((eb) => eb.exists(eb.selectFrom('report_chunks as c').select('c.seq').whereRef('c.report_id', '=', 'r.id')))
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Reports generating since before `before`: their generation died with its process. */
export async function findStale(db: Executor, before: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('report_jobs')
    .select('id')
    .where('status', '=', 'generating')
    .where('created_at', '<', before)
    .execute();
  return rows.map((r) => r.id);
}
