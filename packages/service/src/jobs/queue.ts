import { Logger, parseCronItems, run, runMigrations, type Runner } from 'graphile-worker';
import type pg from 'pg';
import type { Logger as ServiceLogger } from '../lib/logger.js';
import type { ServiceDeps } from '../deps.js';
import { cronItems, taskList } from './tasks.js';

/**
 * The one place for background jobs: graphile-worker, a PostgreSQL queue (SKIP LOCKED, LISTEN/NOTIFY,
 * retries with backoff, cron), in its own schema of the service's database. Any number of processes can
 * run jobs (RUN_WORKERS); a job runs in one of them at a time.
 */

/** graphile-worker's messages through the service's logger. */
function queueLogger(log: ServiceLogger): Logger {
  const child = log.child({ component: 'jobs' });
  return new Logger(() => (level, message, meta) => {
    const method = level === 'warning' ? 'warn' : level === 'error' ? 'error' : level === 'info' ? 'info' : 'debug';
    child[method](meta ?? {}, message);
  });
}

/** Installs or upgrades the queue's schema. Every process does this at start, so any of them can add jobs. */
export async function migrateQueue(pool: pg.Pool, log: ServiceLogger): Promise<void> {
  await runMigrations({ pgPool: pool, logger: queueLogger(log) });
}

/** Jobs running at once in a process: the webhook pass holds one slot, the others serve the short jobs. */
const CONCURRENCY = 4;
/** The queue's connections (its LISTEN, claiming and completing jobs, cron); the jobs' own work uses the service's pool. */
export const QUEUE_POOL_SIZE = CONCURRENCY + 3;

export interface Jobs {
  /** Lets running jobs finish (a webhook pass stops claiming at once), then stops. */
  stop(): Promise<void>;
}

export async function startJobs(deps: ServiceDeps, pool: pg.Pool): Promise<Jobs> {
  const runner: Runner = await run({
    pgPool: pool,
    logger: queueLogger(deps.log),
    taskList: taskList(deps),
    parsedCronItems: parseCronItems(cronItems),
    concurrency: CONCURRENCY,
    noHandleSignals: true,
    pollInterval: 1_000,
  });
  // Start the self-rescheduling jobs now rather than at the next minute's watchdog.
  for (const task of ['deliver-webhooks', 'expire-orders']) {
    await runner.addJob(task, {}, { jobKey: task, jobKeyMode: 'preserve_run_at' });
  }
  return { stop: () => runner.stop() };
}
