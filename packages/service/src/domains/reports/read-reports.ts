import { ok, rejected, type Result } from '../../errors/index.js';
import { isUuid } from '../../lib/ids.js';
import { pageFrom, readCursor, type Page } from '../../lib/page.js';
import type { TenantCtx } from '../context.js';
import { findReport, findReports, readChunks, type ReportJob } from './report-repo.js';

/** One report job of the caller's tenant environment; another's is not_found. */
export async function getReport(ctx: TenantCtx, id: string): Promise<Result<ReportJob>> {
  const job = isUuid(id) ? await findReport(ctx.db, id, ctx.tenantEnv) : null;
  return job ? ok(job) : rejected('not_found', `No report ${id}.`);
}

/** The caller's report jobs, oldest first (expired and failed ones included: a job stays readable). */
export async function listReports(
  ctx: TenantCtx,
  query: { limit: number; cursor?: string },
): Promise<Result<Page<ReportJob>>> {
  const after = readCursor(query.cursor);
  if (!after.ok) return after;
  const rows = await findReports(ctx.db, { scope: ctx.tenantEnv, afterSeq: after.value, limit: query.limit });
  return ok(pageFrom(rows, query.limit, (r) => r.seq));
}

export interface Download {
  job: ReportJob;
  /** The artifact gzip-compressed, in chunks, read as they are sent. */
  gzipped: AsyncIterable<Buffer>;
}

/**
 * The artifact of a ready report until its expires_at; after that 410 report_expired (the job stays
 * readable). Still generating, or failed: state_conflict, saying which.
 */
export async function openDownload(ctx: TenantCtx, id: string): Promise<Result<Download>> {
  const found = await getReport(ctx, id);
  if (!found.ok) return found;
  const job = found.value;
  if (job.status === 'generating')
    return rejected(
      'state_conflict',
      'The report is still generating; poll GET /v1/reports/{id} or wait for report.ready.',
      {
        status: job.status,
      },
    );
  if (job.status === 'failed')
    return rejected('state_conflict', 'The report failed to generate; request it again.', { status: job.status });
  if (job.expiresAt! <= ctx.now)
    return rejected('report_expired', `The report expired at ${job.expiresAt!.toISOString()}; request it again.`);
  return ok({ job, gzipped: readChunks(ctx.db, job.id) });
}

/** The caller's latest reports, newest first (the tenant portal's list). */
export async function latestReports(ctx: TenantCtx, limit: number): Promise<ReportJob[]> {
  const rows = await findReports(ctx.db, { scope: ctx.tenantEnv, limit, newestFirst: true });
  return rows.slice(0, limit);
}
