import { ok, type Result } from '../../errors/index.js';
import { newId } from '../../lib/ids.js';
import { withTransaction, type TenantCtx } from '../context.js';
import { countReportOfDay, insertErrorReport, type ErrorReport } from './error-report-repo.js';
import { capLifts, ERROR_REPORTS_PER_DAY, utcDayOf } from './model/daily-cap.js';

/**
 * Stores a browser error beacon of the session's user. Best effort by design: no
 * Idempotency-Key, so a beacon sent twice is stored twice, which a reader of the list can live with.
 * Past `perDay` reports in the tenant environment's UTC day it is rate_limited until the next UTC day,
 * and nothing is stored; details carry the limit and when it resets.
 */
export async function reportWidgetError(
  ctx: TenantCtx,
  report: ErrorReport,
  perDay: number = ERROR_REPORTS_PER_DAY,
): Promise<Result<{ id: string }>> {
  if (ctx.actor.kind !== 'user') throw new Error('an error report came without a session');
  const externalUserId = ctx.actor.externalUserId;
  const day = utcDayOf(ctx.now);
  return withTransaction(ctx, async (tx) => {
    if (!(await countReportOfDay(tx.db, tx.tenantEnv, day, perDay))) {
      const { resetsAt, retryAfterSeconds } = capLifts(ctx.now);
      const when = resetsAt.toISOString();
      const message = `This tenant environment has sent ${perDay} error reports today (UTC); the next are taken from ${when}.`;
      const details = { limit: perDay, resets_at: when };
      return { ok: false, rejection: { code: 'rate_limited', message, details, retryAfterSeconds } };
    }
    const id = newId();
    await insertErrorReport(tx.db, tx.tenantEnv, externalUserId, report, id, tx.now);
    return ok({ id });
  });
}
