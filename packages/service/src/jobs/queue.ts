import { Logger, parseCronItems, run, runMigrations, type Runner } from 'graphile-worker';
import type pg from 'pg';
import type { Logger as ServiceLogger } from '../lib/logger.js';
import { cronItems, reportTaskList, taskList, type JobPorts } from './tasks.js';

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
/**
 * Report generations running at once in a process, on a runner of their own. On the shared runner a
 * report waited for a free slot, and the webhook pass (55 s at a time) and three large reports took all
 * four: a small report then waited until one of them ended (39 s measured; bench/report-pickup.ts), and
 * order expiry with it. One more than a tenant environment may have generating (3), so no single
 * environment's reports fill them.
 */
const REPORT_CONCURRENCY = 4;
/**
 * The queue's connections (each runner's LISTEN, claiming and completing jobs, cron); the jobs' own work
 * uses the service's pool. The report runner adds its LISTEN; its claims and completions are rare and
 * brief, so they share the rest (a moment's wait for a connection at worst) rather than add four more
 * to every process's connection budget.
 */
export const QUEUE_POOL_SIZE = CONCURRENCY + 4;

export interface Jobs {
  /** Lets running jobs finish (a webhook pass stops claiming at once), then stops. */
  stop(): Promise<void>;
}

export async function startJobs(deps: JobPorts, pool: pg.Pool): Promise<Jobs> {
  const common = { pgPool: pool, logger: queueLogger(deps.log), noHandleSignals: true, pollInterval: 1_000 };
  const runner: Runner = await run({
    ...common,
    taskList: taskList(deps),
    parsedCronItems: parseCronItems(cronItems),
    concurrency: CONCURRENCY,
  });
  // A runner claims only the tasks of its own list, so reports never take the main runner's slots, and a
  // report's NOTIFY (add_job in the request's transaction) wakes an idle report worker at once.
  let reports: Runner;
  try {
    reports = await run({
      ...common,
      taskList: reportTaskList(deps),
      parsedCronItems: [],
      concurrency: REPORT_CONCURRENCY,
    });
  } catch (error) {
    await runner.stop();
    throw error;
  }
  // Start the self-rescheduling jobs now rather than at the next minute's watchdog.
  for (const task of ['deliver-webhooks', 'expire-orders']) {
    await runner.addJob(task, {}, { jobKey: task, jobKeyMode: 'preserve_run_at' });
  }
  return { stop: async () => void (await Promise.all([runner.stop(), reports.stop()])) };
}
