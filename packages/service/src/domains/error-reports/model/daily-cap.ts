/**
 * Error reports a tenant environment may store per UTC day. The widget sends one beacon per uncaught
 * error, so a healthy integration sends a handful a day and a broken one the same few errors over and
 * over: 10,000 is far above the first and plenty to diagnose the second, and bounds what one tenant
 * environment can store (16 KiB a report at most: about 160 MiB a day, 30 days kept) where a looping
 * page could otherwise post hundreds of MiB a day.
 */
export const ERROR_REPORTS_PER_DAY = 10_000;

const DAY_MS = 86_400_000;

/** Start of the UTC day of `now`: the day an error report counts in. */
export function utcDayOf(now: Date): Date {
  return new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
}

/** When a day's cap lifts (the next 00:00Z) and how long that is from now, in whole seconds, at least 1. */
export function capLifts(now: Date): { resetsAt: Date; retryAfterSeconds: number } {
  const resetsAt = new Date(utcDayOf(now).getTime() + DAY_MS);
  return { resetsAt, retryAfterSeconds: Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000)) };
}
