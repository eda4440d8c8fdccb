/**
 * The retry schedule of a webhook delivery (docs/guides/webhooks.md, "Retries and their schedule"): the waits after
 * each failed attempt. Measured from the first attempt, the retries come at 5 s, 1 min, 5 min, 15 min, 45 min, 1 h 45
 * min, 3 h 45 min and 7 h 45 min; when that last one fails too the delivery goes to the dead letters.
 */
export const RETRY_DELAYS_MS: readonly number[] = [
  5_000,
  55_000,
  4 * 60_000,
  10 * 60_000,
  30 * 60_000,
  60 * 60_000,
  2 * 60 * 60_000,
  4 * 60 * 60_000,
];

/** The first attempt and one per retry. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** From the first attempt to the last: 7 h 45 min (each wait counts from its attempt's start). */
export const RETRY_WINDOW_MS = RETRY_DELAYS_MS.reduce((sum, ms) => sum + ms, 0);

export type AfterFailure = { next: 'retry'; at: Date } | { next: 'dead' };

/**
 * What follows a failed attempt. `attempt` counts from 1 within the current cycle (a resend from the
 * dead letters starts a new cycle); an attempt past the schedule, which a worker that died after
 * claiming can cause, also ends in the dead letters.
 */
export function afterFailure(attempt: number, attemptedAt: Date): AfterFailure {
  if (!Number.isInteger(attempt) || attempt < 1)
    throw new Error(`attempt must be a whole number from 1, got ${attempt}`);
  const delay = RETRY_DELAYS_MS[attempt - 1];
  return delay === undefined ? { next: 'dead' } : { next: 'retry', at: new Date(attemptedAt.getTime() + delay) };
}

/** A delivery is done when its receiver answered 2xx; anything else is retried. */
export function isDelivered(status: number | null): boolean {
  return status !== null && status >= 200 && status <= 299;
}

export type NextState = { state: 'delivered' } | { state: 'pending'; nextAttemptAt: Date } | { state: 'dead' };

/**
 * Where a delivery goes after an attempt: delivered on a 2xx; otherwise the next retry of the schedule,
 * or dead. `noUrl`: the environment's webhook_url was removed since the event; it goes straight to the
 * dead letters (nothing is sent without an address), from which it can be resent.
 */
export function nextState(
  attempt: { status: number | null; attemptInCycle: number; noUrl?: boolean },
  /** When the attempt started: the schedule counts from it. */
  attemptedAt: Date,
): NextState {
  if (attempt.noUrl) return { state: 'dead' };
  if (isDelivered(attempt.status)) return { state: 'delivered' };
  const step = afterFailure(attempt.attemptInCycle, attemptedAt);
  return step.next === 'retry' ? { state: 'pending', nextAttemptAt: step.at } : { state: 'dead' };
}
