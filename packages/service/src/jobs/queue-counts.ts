import { sql } from 'kysely';
import type { Executor } from '../db/connection.js';

export const JOB_STATES = ['due', 'scheduled', 'running', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * The background jobs by state, in one statement (the metrics' job queue). graphile-worker keeps its jobs
 * in graphile_worker._private_jobs; a job is failed for good once its attempts reach max_attempts and it
 * is not running.
 */
export async function countJobs(db: Executor, now: Date): Promise<Record<JobState, number>> {
  const { rows } = await sql<Record<JobState, number>>`
    select
      count(*) filter (where is_available and run_at <= ${now})::int as due,
      count(*) filter (where is_available and run_at > ${now})::int as scheduled,
      count(*) filter (where locked_at is not null)::int as running,
      count(*) filter (where locked_at is null and attempts >= max_attempts)::int as failed
    from graphile_worker._private_jobs`.execute(db);
  const row = rows[0]!;
  return { due: row.due, scheduled: row.scheduled, running: row.running, failed: row.failed };
}
