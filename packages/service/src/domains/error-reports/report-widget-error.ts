import { ok, type Result } from '../../errors/index.js';
import { newId } from '../../lib/ids.js';
import type { TenantCtx } from '../context.js';
import { insertErrorReport, type ErrorReport } from './error-report-repo.js';

/**
 * Stores a browser error beacon of the session's user (decisions part 6). Best effort by design: no
 * Idempotency-Key, so a beacon sent twice is stored twice, which a reader of the list can live with.
 */
export async function reportWidgetError(ctx: TenantCtx, report: ErrorReport): Promise<Result<{ id: string }>> {
  if (ctx.actor.kind !== 'user') throw new Error('an error report came without a session');
  const id = newId();
  await insertErrorReport(ctx.db, ctx.tenantEnv, ctx.actor.externalUserId, report, id, ctx.now);
  return ok({ id });
}
