import type { Ctx } from '../context.js';
import { deleteChunks, findExpiredWithChunks, findStale, markFailed } from './report-repo.js';

/** Reports expired per pass; the pass repeats while it finds a full batch. */
const EXPIRE_BATCH = 100;
/**
 * A report generating this long lost its generation (its process died: the job queue hands a dead
 * process's job on only after hours). Generation of a million rows takes well under a minute here.
 */
export const STALE_AFTER_MS = 60 * 60 * 1000;

/**
 * The hourly housekeeping of reports: the chunks of artifacts past expires_at are deleted (their jobs
 * stay readable, and a download is 410 report_expired from expires_at on, deleted or not), and reports
 * generating for over an hour are failed, so they stop counting against the limit of 3.
 */
export async function expireReports(ctx: Ctx): Promise<{ expired: number; failed: number }> {
  let expired = 0;
  for (;;) {
    const ids = await findExpiredWithChunks(ctx.db, ctx.now, EXPIRE_BATCH);
    await deleteChunks(ctx.db, ids);
    expired += ids.length;
    if (ids.length < EXPIRE_BATCH) break;
  }
  const stale = await findStale(ctx.db, new Date(ctx.now.getTime() - STALE_AFTER_MS));
  await ctx.db.transaction().execute((tx) => markFailed(tx, stale, 'generation lost (stale after an hour)'));
  return { expired, failed: stale.length };
}
