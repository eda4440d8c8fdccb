import { Gauge, Registry } from 'prom-client';
import type { Db } from '../db/connection.js';
import { deliveryBacklogTotals, type BacklogTotals } from '../domains/webhooks/index.js';
import { countJobs, JOB_STATES, type JobState } from '../jobs/queue-counts.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';

/**
 * The figures that belong to the whole deployment, not to a process: the webhook backlog and the job
 * queue, read from the database when /metrics is scraped. Only the process that answers the scrape reads
 * them (a cluster's other processes are not asked), and one read serves every scrape for BACKLOG_CACHE_MS,
 * so a storm of scrapes costs the database two queries every few seconds.
 */
export const BACKLOG_CACHE_MS = 5_000;

interface Backlog {
  webhooks: BacklogTotals;
  jobs: Record<JobState, number>;
  /** When they were read. */
  now: Date;
}

/** Seconds from `at` to the read (0 when there is no such time). */
const secondsSince = (at: Date | null, b: Backlog) =>
  at === null ? 0 : Math.max(0, (b.now.getTime() - at.getTime()) / 1000);

/** Both reads at once; each is one statement, owned by its domain (webhooks) or layer (jobs). */
async function readBacklog(db: Db, now: Date): Promise<Backlog> {
  const [webhooks, jobs] = await Promise.all([deliveryBacklogTotals({ db, now }), countJobs(db, now)]);
  return { webhooks, jobs, now };
}

export function backlogRegistry(ports: { db: Db; clock: Clock; log: Logger }): Registry {
  const registry = new Registry();
  let last: Backlog | null = null;
  let cached: { at: number; read: Promise<boolean> } | null = null;
  /** True when the figures are fresh; on a failed read the last figures stay, and pm_metrics_database_read_ok says 0. */
  const refresh = (): Promise<boolean> => {
    if (cached === null || performance.now() - cached.at >= BACKLOG_CACHE_MS) {
      cached = {
        at: performance.now(),
        read: readBacklog(ports.db, ports.clock.now()).then(
          (backlog) => ((last = backlog), true),
          (error: unknown) => {
            ports.log.warn({ err: error }, 'the metrics could not read the webhook backlog and job queue');
            return false;
          },
        ),
      };
    }
    return cached.read;
  };
  const gauge = (name: string, help: string, value: (b: Backlog) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        await refresh();
        if (last) this.set(value(last));
      },
    });
  new Gauge({
    name: 'pm_metrics_database_read_ok',
    help: "1 when the scrape's database figures (webhook backlog, job queue) were read; 0 when they are the last ones read.",
    registers: [registry],
    async collect() {
      this.set((await refresh()) ? 1 : 0);
    },
  });
  gauge(
    'pm_webhook_backlog_deliveries',
    'Webhook deliveries pending (not yet delivered or dead-lettered).',
    (b) => b.webhooks.pending,
  );
  gauge(
    'pm_webhook_oldest_pending_age_seconds',
    'Age of the oldest pending webhook delivery, since its event (0 when none is pending).',
    (b) => secondsSince(b.webhooks.oldestPendingAt, b),
  );
  gauge(
    'pm_webhook_oldest_due_lag_seconds',
    'How long the most overdue pending delivery has been due without an attempt (0: the worker keeps up).',
    (b) => secondsSince(b.webhooks.oldestDueAt, b),
  );
  gauge('pm_webhook_dead_letters', 'Webhook deliveries in the dead letters.', (b) => b.webhooks.dead);
  new Gauge({
    name: 'pm_job_queue_jobs',
    help: 'Background jobs (graphile-worker) by state: due (waiting for a slot), scheduled (later), running, failed (out of attempts).',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      await refresh();
      if (last) for (const state of JOB_STATES) this.set({ state }, last.jobs[state]);
    },
  });
  return registry;
}
