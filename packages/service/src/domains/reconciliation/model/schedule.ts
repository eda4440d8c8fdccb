/**
 * When reconciliation runs by itself (docs/operator-api.md, "Reconciliation"): daily at 02:00 UTC, by the
 * job `reconcile` (jobs/tasks.ts takes its cron pattern from here), so the panel's "next run" and the
 * schedule cannot disagree.
 */
export const DAILY_RUN_UTC = { hour: 2, minute: 0 } as const;

/** DAILY_RUN_UTC as the cron pattern graphile-worker matches, in UTC whatever the process's time zone. */
export const RECONCILIATION_CRON = `${DAILY_RUN_UTC.minute} ${DAILY_RUN_UTC.hour} * * *`;

/**
 * The first scheduled run strictly after `now`: today's 02:00 UTC while it is ahead, else tomorrow's.
 * @example nextScheduledRun(new Date('2026-06-01T12:00:00Z')) // 2026-06-02T02:00:00.000Z
 */
export function nextScheduledRun(now: Date): Date {
  const today = Date.UTC(
    now.getUTCFullYear(),
    now.getUTCMonth(),
    now.getUTCDate(),
    DAILY_RUN_UTC.hour,
    DAILY_RUN_UTC.minute,
  );
  return new Date(today > now.getTime() ? today : today + 86_400_000);
}
