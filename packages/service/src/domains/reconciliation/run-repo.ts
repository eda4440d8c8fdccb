import type { Executor } from '../../db/connection.js';

export type RunTrigger = 'platform' | 'schedule';

export interface RunCounts {
  usersChecked: number;
  unverifiable: number;
  discrepancies: number;
  /** The tenants with at least one user the run went through (migration 0038). */
  tenantsChecked: number;
}

/** A run as its row keeps it: counts are the finished run's (zeros while it runs, or if it stopped half way). */
export interface RunRecord extends Omit<RunCounts, 'tenantsChecked'> {
  id: string;
  trigger: RunTrigger;
  startedAt: Date;
  /** Null while it runs, or when it stopped half way. */
  finishedAt: Date | null;
  /** Null for a run not finished, and for the runs before migration 0038, which did not count them. */
  tenantsChecked: number | null;
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
      tenants_checked: BigInt(counts.tenantsChecked),
    })
    .where('id', '=', id)
    .execute();
}

const RUN_COLUMNS = [
  'id',
  'trigger',
  'started_at',
  'finished_at',
  'users_checked',
  'unverifiable',
  'discrepancies',
  'tenants_checked',
] as const;

/**
 * The last run that finished, and the last run started if it is a later one that has not finished (one
 * under way, or one that stopped half way). Runs are a few a day: the table is read without an index.
 */
export async function findLatestRuns(db: Executor): Promise<{ finished: RunRecord | null; started: RunRecord | null }> {
  const [finished, started] = await Promise.all([
    db
      .selectFrom('reconciliation_runs')
      .select(RUN_COLUMNS)
      .where('finished_at', 'is not', null)
      .orderBy('started_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db.selectFrom('reconciliation_runs').select(RUN_COLUMNS).orderBy('started_at', 'desc').limit(1).executeTakeFirst(),
  ]);
  return {
    finished: finished ? runOf(finished) : null,
    started: started && started.finished_at === null ? runOf(started) : null,
  };
}

function runOf(row: {
  id: string;
  trigger: RunTrigger;
  started_at: Date;
  finished_at: Date | null;
  users_checked: bigint;
  unverifiable: bigint;
  discrepancies: bigint;
  tenants_checked: bigint | null;
}): RunRecord {
  return {
    id: row.id,
    trigger: row.trigger,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    usersChecked: Number(row.users_checked),
    unverifiable: Number(row.unverifiable),
    discrepancies: Number(row.discrepancies),
    tenantsChecked: row.tenants_checked === null ? null : Number(row.tenants_checked),
  };
}
