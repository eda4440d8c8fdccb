import { ok, rejected, type Result } from '../../errors/index.js';
import type { Ctx } from '../context.js';
import { reviveDeadDeliveries, type DeadLetterCount } from './delivery-repo.js';
import { BULK_RESEND_CAP, filterProblem, type DeadLetterFilter } from './model/dead-letter-filter.js';

/** What a bulk resend did: how many it put back, per tenant environment, and whether it stopped at the cap. */
export interface BulkResend {
  resent: number;
  byTenant: DeadLetterCount[];
  /** True when it resent BULK_RESEND_CAP: more may match; resend again for the rest. */
  capped: boolean;
}

/**
 * POST /platform/v1/dead-letters/resend and the panel's "Resend all": every dead letter the filter
 * matches now (the oldest BULK_RESEND_CAP of them) is pending again and due now, as resendDeadLetter
 * does one, in one statement in the caller's transaction. Repeating it resends nothing twice: what it
 * put back is no longer dead.
 */
export async function resendDeadLetters(ctx: Ctx, filter: DeadLetterFilter): Promise<Result<BulkResend>> {
  const problem = filterProblem(filter);
  if (problem) return rejected('validation_failed', problem);
  const byTenant = await reviveDeadDeliveries(ctx.db, filter, ctx.now, BULK_RESEND_CAP);
  const resent = byTenant.reduce((sum, c) => sum + c.count, 0);
  return ok({ resent, byTenant, capped: resent >= BULK_RESEND_CAP });
}
