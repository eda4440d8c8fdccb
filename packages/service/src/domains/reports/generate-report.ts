import { sql } from 'kysely';
import type { Ctx } from '../context.js';
import { recordEvents, type EventData } from '../events/index.js';
import { writeArtifact } from './artifact.js';
import { deleteChunks, findReport, insertChunk, markFailed, markReady } from './report-repo.js';
import { REPORT_COLUMNS, reportRows } from './rows.js';
import { downloadPath } from './schemas.js';

/** How long a ready artifact is kept (docs/operator-api.md, "Reports"). */
export const ARTIFACT_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * The background job of one report: rows from one snapshot of the database, through the artifact's
 * format and gzip, into chunks; then ready and report.ready in one transaction. A retry (the process
 * died mid-way) starts over from no chunks. A report no longer generating (failed by the sweep) is left.
 *
 * The rows are read in a read-only REPEATABLE READ transaction: one snapshot, and no transaction id,
 * so it holds back neither the realtime stream's horizon nor any writer. Chunks are written each in a
 * short transaction of its own for the same reason, rather than in one long write transaction.
 */
export async function generateReport(ctx: Ctx, reportId: string): Promise<void> {
  const job = await findReport(ctx.db, reportId);
  if (!job || job.status !== 'generating') return;
  await deleteChunks(ctx.db, [job.id]);
  const scope = { tenantId: job.tenantId, environment: job.environment };
  const header = {
    reportId: job.id,
    reportType: job.reportType,
    generatedAt: ctx.now,
    columns: REPORT_COLUMNS[job.reportType],
  };
  const written = await ctx.runtime.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (snapshot) => {
      await sql`set transaction read only`.execute(snapshot);
      const rows = reportRows(snapshot, scope, job.reportType, { from: job.from, to: job.to }, ctx.now);
      return writeArtifact(rows, job.format, header, (seq, data, rowsSoFar) =>
        insertChunk(ctx.db, job.id, seq, data, rowsSoFar),
      );
    });
  await ctx.runtime.db.transaction().execute(async (tx) => {
    const readyAt = ctx.runtime.clock.now();
    const expiresAt = new Date(readyAt.getTime() + ARTIFACT_LIFETIME_MS);
    if (!(await markReady(tx, job.id, written, readyAt, expiresAt))) return;
    const data: EventData<'report.ready'> = {
      report_id: job.id,
      report_type: job.reportType,
      format: job.format,
      download_path: downloadPath(job.id),
      expires_at: expiresAt.toISOString(),
    };
    await recordEvents(tx, [{ scope, type: 'report.ready', data }], readyAt);
  });
  ctx.log.info({ reportId: job.id, rows: Number(written.rowCount), bytes: Number(written.byteSize) }, 'report ready');
}

/** After the last attempt failed: the report is failed, its chunks gone, and it stops counting against the limit. */
export async function failReport(ctx: Ctx, reportId: string, failure: string): Promise<void> {
  await ctx.db.transaction().execute((tx) => markFailed(tx, [reportId], failure));
}
