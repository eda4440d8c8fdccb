import type { CronItem, JobHelpers, TaskList } from 'graphile-worker';
import { systemContextOf, type Runtime } from '../domains/context.js';
import { purgeErrorReports } from '../domains/error-reports/index.js';
import { purgeExpiredAnswers } from '../domains/idempotency/index.js';
import { expireOrders } from '../domains/orders/index.js';
import { purgeRejections } from '../domains/positions/index.js';
import { purgeStreamChanges } from '../domains/realtime/index.js';
import { expireReports, failReport, GENERATE_REPORT_TASK, generateReport } from '../domains/reports/index.js';
import { RECONCILIATION_CRON, runReconciliation } from '../domains/reconciliation/index.js';
import { sweepOrders } from '../domains/orders/index.js';
import { deliverDue, type DeliveryOutcome, type WebhookTransport } from '../domains/webhooks/index.js';
import type { Doorbell } from '../lib/doorbell.js';

/**
 * Every background job of the service, each a domain verb run with a system context. Scheduled ones
 * come from cron (minute resolution). The two that must run more often than once a minute reschedule
 * themselves under a job key (one of each cluster-wide); their cron entry, under the same key, is a
 * watchdog: if a process dies holding one, the next minute schedules it again.
 */
export const JOBS = {
  deliverWebhooks: 'deliver-webhooks',
  expireOrders: 'expire-orders',
  sweepOrders: 'sweep-orders',
  purgeIdempotencyKeys: 'purge-idempotency-keys',
  purgeStreamChanges: 'purge-stream-changes',
  purgeErrorReports: 'purge-widget-error-reports',
  purgePositionRejections: 'purge-position-rejections',
  generateReport: GENERATE_REPORT_TASK,
  expireReports: 'expire-reports',
  reconcile: 'reconcile',
} as const;

/**
 * What the jobs use of the process, and no more: the runtime their verbs' contexts are made from, the
 * webhook pass's transport and doorbell, where its attempts are counted, and whether the process is still
 * up. The listeners' bundle (deps.ts) satisfies it, but jobs never import that: it would hand them the
 * admin token and every cache of the HTTP layer, and, through the metrics it names, close a cycle with
 * metrics/ (which reads the job queue's counts from here).
 */
export interface JobPorts extends Runtime {
  webhookTransport: WebhookTransport;
  /** Rung when webhook deliveries are enqueued (LISTEN webhook_deliveries), so the pass wakes at once. */
  webhookDoorbell: Doorbell;
  /** Told of every recorded webhook attempt (the service's metrics). */
  metrics: { webhookAttempt(outcome: DeliveryOutcome): void };
  /** False once shutdown begins: the webhook pass stops claiming. */
  isReady(): boolean;
}

/** Order expiry runs every 5 s. */
const EXPIRE_EVERY_MS = 5_000;
/** A webhook pass holds its job this long, then hands over to a fresh job (and so to any process). */
const DELIVERY_PASS_MS = 55_000;
/** While deliveries flow the pass polls every 50 ms; idle, every half second; an enqueued delivery wakes it at once. */
const DELIVERY_IDLE_MS = 500;

export function taskList(deps: JobPorts): TaskList {
  const context = (job: string) => systemContextOf(deps, job);
  const deliveryPass = async (helpers: JobHelpers) => {
    const until = Date.now() + DELIVERY_PASS_MS;
    const keepGoing = () => !helpers.abortSignal.aborted && deps.isReady() && Date.now() < until;
    const ports = {
      transport: deps.webhookTransport,
      keepGoing,
      doorbell: deps.webhookDoorbell,
      observe: deps.metrics.webhookAttempt,
    };
    while (keepGoing()) {
      const attempts = await deliverDue(context(JOBS.deliverWebhooks), ports, { lingerMs: 1_000, pollMs: 50 });
      if (attempts === 0) await deps.webhookDoorbell.wait(DELIVERY_IDLE_MS, helpers.abortSignal);
    }
  };
  // One webhook pass per process. The job key keeps one pending run, but adding a keyed job while its run
  // is locked creates another: the minute's watchdog and each process's start added passes beside the
  // running one, one more a minute, until they held every slot of the runner (and the per-environment
  // bound of 4, which is per pass, multiplied). A surplus run ends at once, and the running pass
  // schedules the next. The surplus run took the key from the running pass's job, so it hands the key on
  // to a run due when the pass ends (which the pass's own reschedule then brings forward): without it, no
  // pending run held the key until the pass ended.
  let passRunning = false;
  return {
    [JOBS.deliverWebhooks]: async (_payload, helpers) => {
      if (passRunning) return again(helpers, JOBS.deliverWebhooks, DELIVERY_PASS_MS);
      passRunning = true;
      try {
        await deliveryPass(helpers);
      } finally {
        passRunning = false;
      }
      await again(helpers, JOBS.deliverWebhooks, 0);
    },
    [JOBS.expireOrders]: async (_payload, helpers) => {
      await expireOrders(context(JOBS.expireOrders));
      await again(helpers, JOBS.expireOrders, EXPIRE_EVERY_MS);
    },
    [JOBS.sweepOrders]: async () => {
      await sweepOrders(context(JOBS.sweepOrders));
    },
    [JOBS.purgeIdempotencyKeys]: async () => {
      // A bounded batch per pass: keep going while a pass finds a full batch.
      while ((await purgeExpiredAnswers(context(JOBS.purgeIdempotencyKeys))) > 0);
    },
    [JOBS.purgeStreamChanges]: async () => {
      await purgeStreamChanges(context(JOBS.purgeStreamChanges));
    },
    // 30-day retention, in bounded batches until one comes back short (each verb loops).
    [JOBS.purgeErrorReports]: async () => {
      await purgeErrorReports(context(JOBS.purgeErrorReports));
    },
    [JOBS.purgePositionRejections]: async () => {
      await purgeRejections(context(JOBS.purgePositionRejections));
    },
    [JOBS.expireReports]: async () => {
      await expireReports(context(JOBS.expireReports));
    },
    [JOBS.reconcile]: async () => {
      await runReconciliation(context(JOBS.reconcile), 'schedule');
    },
  };
}

/**
 * The report generations, apart: they run on a runner of their own (queue.ts), because one can take
 * minutes and must never wait for, or hold up, the webhook pass and the short jobs.
 */
export function reportTaskList(runtime: Runtime): TaskList {
  const context = () => systemContextOf(runtime, JOBS.generateReport);
  return {
    // Added by POST /v1/reports in the request's transaction. A failure is retried; the last one fails
    // the report rather than leaving it generating.
    [JOBS.generateReport]: async (payload, helpers) => {
      const reportId = (payload as { report_id: string }).report_id;
      try {
        await generateReport(context(), reportId);
      } catch (error) {
        if (helpers.job.attempts < helpers.job.max_attempts) throw error;
        helpers.logger.error(`report ${reportId} failed for good: ${String(error)}`);
        await failReport(context(), reportId, String(error));
      }
    },
  };
}

/** Schedules the job's next run under its key, so exactly one of it is pending cluster-wide. */
async function again(helpers: JobHelpers, task: string, afterMs: number): Promise<void> {
  await helpers.addJob(task, {}, { jobKey: task, runAt: new Date(Date.now() + afterMs) });
}

export const cronItems: CronItem[] = [
  { task: JOBS.purgeIdempotencyKeys, match: '17 * * * *', identifier: JOBS.purgeIdempotencyKeys },
  { task: JOBS.sweepOrders, match: '* * * * *', identifier: JOBS.sweepOrders },
  { task: JOBS.expireReports, match: '41 * * * *', identifier: JOBS.expireReports },
  // Hourly, so the tables stay within an hour of their 30 days and each run's backlog is an hour's rows.
  { task: JOBS.purgeErrorReports, match: '23 * * * *', identifier: JOBS.purgeErrorReports },
  { task: JOBS.purgePositionRejections, match: '29 * * * *', identifier: JOBS.purgePositionRejections },
  // The realtime stream's change log keeps 15 minutes; a purge every minute keeps it near that.
  { task: JOBS.purgeStreamChanges, match: '* * * * *', identifier: JOBS.purgeStreamChanges },
  // Reconciliation daily at 02:00Z (docs/operator-api.md, "Reconciliation"), by the domain's pattern, which the
  // panel's "next run" reads too. graphile-worker matches cron patterns in UTC whatever the process's TZ:
  // 0.17.3's digestTimestamp (node_modules/graphile-worker/dist/cron.js) reads getUTCMinutes/getUTCHours/
  // getUTCDate/getUTCMonth/getUTCDay. A 02:00 missed while no worker ran is made up when one starts within
  // 23 hours (a run reports only what no run reported before).
  {
    task: JOBS.reconcile,
    match: RECONCILIATION_CRON,
    identifier: JOBS.reconcile,
    options: { backfillPeriod: 23 * 3_600_000 },
  },
  // Watchdogs of the self-rescheduling jobs (preserve_run_at: a pending run keeps its time).
  ...[JOBS.deliverWebhooks, JOBS.expireOrders].map((task) => ({
    task,
    match: '* * * * *',
    identifier: `${task}-watchdog`,
    options: { jobKey: task, jobKeyMode: 'preserve_run_at' as const },
  })),
];
