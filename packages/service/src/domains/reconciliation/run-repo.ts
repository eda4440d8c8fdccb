import type { Executor } from '../../db/connection.js';

export type RunTrigger = 'platform' | 'schedule';

export interface RunCounts {
  usersChecked: number;
  unverifiable: number;
  discrepancies: number;
}

/**
 * The run's row, committed before any discrepancy names it. A run that dies half way keeps
 * finished_at null: what it found stays found, and the next run carries on from there.
 */
export async function insertRun(
  db: Executor,
  run: { id: string; startedAt: Date; trigger: RunTrigger },
): Promise<void> {
  await db
    .insertInto('reconciliation_runs')
    .values({ id: run.id, started_at: run.startedAt, trigger: run.trigger })
    .execute();
}

export async function finishRun(db: Executor, id: string, finishedAt: Date, counts: RunCounts): Promise<void> {
  await db
    .updateTable('reconciliation_runs')
    .set({
      finished_at: finishedAt,
      users_checked: BigInt(counts.usersChecked),
      unverifiable: BigInt(counts.unverifiable),
      discrepancies: BigInt(counts.discrepancies),
    })
    .where('id', '=', id)
    .execute();
}
