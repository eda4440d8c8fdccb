import type { Ctx } from '../context.js';
import { nextScheduledRun } from './model/schedule.js';
import { findLatestRuns, type RunRecord } from './run-repo.js';

export interface ReconciliationStatus {
  /** The last run that finished: when, what it checked and what it found; null before the first. */
  finished: RunRecord | null;
  /** A later run started and not finished: under way, or stopped half way (what it found is kept). */
  started: RunRecord | null;
  /** When the schedule runs it next. */
  nextRunAt: Date;
}

/** Where reconciliation stands, for the panel (docs/operations.md, "The platform panel"). */
export async function reconciliationStatus(ctx: Ctx): Promise<ReconciliationStatus> {
  return { ...(await findLatestRuns(ctx.db)), nextRunAt: nextScheduledRun(ctx.now) };
}
