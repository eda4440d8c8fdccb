import { inBatches } from '../../lib/in-batches.js';
import type { Ctx } from '../context.js';
import { deleteReportsBefore } from './error-report-repo.js';

/** How long widget error reports are kept (by the time they were received). */
export const ERROR_REPORT_RETENTION_DAYS = 30;
const BATCH = 1_000;

/**
 * Deletes error reports older than the retention (lib/in-batches.ts); returns how many.
 */
export async function purgeErrorReports(ctx: Ctx): Promise<number> {
  const cutoff = new Date(ctx.now.getTime() - ERROR_REPORT_RETENTION_DAYS * 86_400_000);
  return inBatches(BATCH, (limit) => deleteReportsBefore(ctx.db, cutoff, limit));
}
