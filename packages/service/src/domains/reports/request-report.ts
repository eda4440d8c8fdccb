import type { ReportFormat, ReportType } from '../../db/schema.js';
import { ok, rejected, type Result } from '../../errors/index.js';
import { newId } from '../../lib/ids.js';
import { withTransaction, type TenantCtx } from '../context.js';
import { countGenerating, findReport, insertReport, lockReportRequests, type ReportJob } from './report-repo.js';

/** Reports generating at once per tenant environment (docs/operator-api.md, "Reports"); the next is refused. */
export const MAX_GENERATING = 3;
/** Attempts of a report's generation (a restart mid-way retries it); after the last it is failed. */
export const GENERATION_ATTEMPTS = 3;

export interface RequestReportInput {
  reportType: ReportType;
  format: ReportFormat;
  from: Date | null;
  to: Date | null;
}

/**
 * POST /v1/reports: a job, generating, whose artifact a background job writes from one snapshot of the
 * database; without `to` the range is open-ended (everything committed when generation starts, which a
 * report of the same explicit range repeats exactly). A fourth job while three generate is
 * report_limit_reached, and nothing is kept (the key is not spent).
 */
export async function requestReport(ctx: TenantCtx, input: RequestReportInput): Promise<Result<ReportJob>> {
  return withTransaction(ctx, async (tx) => {
    const scope = ctx.tenantEnv;
    await lockReportRequests(tx.db, scope);
    if ((await countGenerating(tx.db, scope)) >= MAX_GENERATING) {
      return rejected(
        'report_limit_reached',
        `${MAX_GENERATING} reports are generating already; request again once one is ready.`,
        { limit: MAX_GENERATING },
      );
    }
    const id = newId();
    const range = input.reportType === 'balances' ? { from: null, to: null } : { from: input.from, to: input.to };
    await insertReport(
      tx.db,
      scope,
      { id, reportType: input.reportType, format: input.format, ...range },
      tx.now,
      GENERATION_ATTEMPTS,
    );
    return ok((await findReport(tx.db, id))!);
  });
}
