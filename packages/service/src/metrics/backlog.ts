import { sql } from 'kysely';
import { Gauge, Registry } from 'prom-client';
import type { Db } from '../db/connection.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';

/**
 * The figures that belong to the whole deployment, not to a process: the webhook backlog and the job
 * queue, read from the database when /metrics is scraped. Only the process that answers the scrape reads
 * them (a cluster's other processes are not asked), and one read serves every scrape for BACKLOG_CACHE_MS,
 * so a storm of scrapes costs the database one query every few seconds.
 */
export const BACKLOG_CACHE_MS = 5_000;

const JOB_STATES = ['due', 'scheduled', 'running', 'failed'] as const;

interface Backlog {
  pending: number;
  oldestPendingAgeSeconds: number;
  oldestDueLagSeconds: number;
  dead: number;
  jobs: Record<(typeof JOB_STATES)[number], number>;
}

/**
 * One statement; each webhook figure reads only pending or dead rows (the partial indexes of 0003/0019),
 * never the delivered history. graphile-worker keeps its jobs in graphile_worker._private_jobs; a job is
 * failed for good once its attempts reach max_attempts and it is not running.
 */
async function readBacklog(db: Db, now: Date): Promise<Backlog> {
  const { rows } = await sql<{
    pending: bigint | string;
    oldest_created: Date | null;
    oldest_due: Date | null;
    dead: bigint | string;
    due: bigint | string;
    scheduled: bigint | string;
    running: bigint | string;
    failed: bigint | string;
  }>`
    select
      (select count(*) from webhook_deliveries where state = 'pending') as pending,
      (select min(created_at) from webhook_deliveries where state = 'pending') as oldest_created,
      (select min(next_attempt_at) from webhook_deliveries
        where state = 'pending' and next_attempt_at <= ${now}) as oldest_due,
      (select count(*) from webhook_deliveries where state = 'dead') as dead,
      jobs.*
    from (
      select
        count(*) filter (where is_available and run_at <= ${now}) as due,
        count(*) filter (where is_available and run_at > ${now}) as scheduled,
        count(*) filter (where locked_at is not null) as running,
        count(*) filter (where locked_at is null and attempts >= max_attempts) as failed
      from graphile_worker._private_jobs
    ) jobs`.execute(db);
  const row = rows[0]!;
  const secondsSince = (at: Date | null) => (at === null ? 0 : Math.max(0, (now.getTime() - at.getTime()) / 1000));
  return {
    pending: Number(row.pending),
    oldestPendingAgeSeconds: secondsSince(row.oldest_created),
    oldestDueLagSeconds: secondsSince(row.oldest_due),
    dead: Number(row.dead),
    jobs: {
      due: Number(row.due),
      scheduled: Number(row.scheduled),
      running: Number(row.running),
      failed: Number(row.failed),
    },
  };
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
    (b) => b.pending,
  );
  gauge(
    'pm_webhook_oldest_pending_age_seconds',
    'Age of the oldest pending webhook delivery, since its event (0 when none is pending).',
    (b) => b.oldestPendingAgeSeconds,
  );
  gauge(
    'pm_webhook_oldest_due_lag_seconds',
    'How long the most overdue pending delivery has been due without an attempt (0: the worker keeps up).',
    (b) => b.oldestDueLagSeconds,
  );
  gauge('pm_webhook_dead_letters', 'Webhook deliveries in the dead letters.', (b) => b.dead);
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
