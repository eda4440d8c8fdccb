import { ok, rejected, type Result } from '../../errors/index.js';
import { newId } from '../../lib/ids.js';
import { withTransaction, type TenantCtx } from '../context.js';
import { countReportOfDay, insertErrorReport, type ErrorReport } from './error-report-repo.js';

/**
 * Error reports a tenant environment may store per UTC day. The widget sends one beacon per uncaught
 * error, so a healthy integration sends a handful a day and a broken one the same few errors over and
 * over: 10,000 is far above the first and plenty to diagnose the second, and bounds what one tenant
 * environment can store (16 KiB a report at most: about 160 MiB a day, 30 days kept) where a looping
 * page could otherwise post hundreds of MiB a day.
 */
export const ERROR_REPORTS_PER_DAY = 10_000;

const DAY_MS = 86_400_000;

/** Start of the UTC day of `now`. */
export function utcDayOf(now: Date): Date {
  return new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
}

/**
 * Stores a browser error beacon of the session's user (decisions part 6). Best effort by design: no
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
      const resetsAt = new Date(day.getTime() + DAY_MS).toISOString();
      return rejected(
        'rate_limited',
        `This tenant environment has sent ${perDay} error reports today (UTC); the next are taken from ${resetsAt}.`,
        { limit: perDay, resets_at: resetsAt },
      );
    }
    const id = newId();
    await insertErrorReport(tx.db, tx.tenantEnv, externalUserId, report, id, tx.now);
    return ok({ id });
  });
}
