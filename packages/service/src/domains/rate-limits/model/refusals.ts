import { secondOf } from './window.js';

/**
 * Which refused requests a bucket counts (docs/operator-api.md "Rate limits"). An allowed request counts.
 * A refused one is not counted when
 *   (a) it comes at or after the instant the bucket's last Retry-After pointed to, or
 *   (b) it redeems a Retry-After the bucket gave earlier that is now due: the bucket keeps how many it
 *       gave per second they point into, and a refusal may take one from the oldest such second that
 *       has come, within the last REDEEM_WITHIN_S seconds.
 * Otherwise it counts: retrying at once keeps the limit active, while clients that wait out each
 * Retry-After spend their budget on requests that pass only, one client or a dozen sharing one bucket.
 * (With (a) alone, whichever of them was refused last moved the instant later, so the others came
 * "early" and were counted, and kept each other refused.)
 *
 * A bucket keeps at most `limit` given Retry-Afters redeemable at once (`mayGive`): a refusal beyond that
 * still moves the bucket's last instant but gives none to redeem. Retry-After is never more than 60 s, so
 * without a bound a client retrying every 100 ms would, after its first minute, find one of its own
 * Retry-Afters falling due at each retry, redeem it, stop being counted and get through, like 600 clients
 * each waiting out theirs. With it, such a client redeems at most `limit` a window and the rest of its
 * retries count, so it stays refused for as long as it goes on, as does any client sending at three times
 * the limit's pace; waiting clients, a dozen or more than the limit, still get the whole budget together
 * (refusals.test.ts). `judge` (judge.ts) applies the rule over a request's buckets.
 */

/**
 * A refused request stays counted when it came before the instant the bucket's last Retry-After gave,
 * unless it redeems one given earlier: only then does a bucket look for one to redeem.
 */
export const isBeforeRetryAfter = (nowMs: number, retryAtMs: number | null): boolean =>
  retryAtMs !== null && nowMs < retryAtMs;

/**
 * How long after the second it points into a given Retry-After can still be redeemed. A client that
 * obeys it comes within a network round trip of the instant (or a second later, when its timer counts
 * whole seconds); a wider span would let a hammering client, whose refusals each give one, live on its
 * own backlog of them and stop being counted.
 */
export const REDEEM_WITHIN_S = 2;

/** The second a Retry-After pointing to this instant is kept under (and redeemable from). */
export const dueSecond = (retryAtMs: number): number => secondOf(retryAtMs);

/** The oldest second whose given Retry-Afters a request at this instant may still redeem. */
export const oldestRedeemable = (nowMs: number): number => dueSecond(nowMs) - REDEEM_WITHIN_S;

/** How many given Retry-Afters are still redeemable at `nowMs` (due or not yet due). */
export function outstanding(given: Iterable<readonly [second: number, count: number]>, nowMs: number): number {
  const from = oldestRedeemable(nowMs);
  let total = 0;
  for (const [second, count] of given) if (second >= from) total += count;
  return total;
}

/** Whether a refusal may give one more redeemable Retry-After (see above), after any it redeemed. */
export const mayGive = (stillRedeemable: number, limit: number): boolean => stillRedeemable < limit;

/**
 * Which second's given Retry-Afters a refused request at `nowMs` takes one from: the oldest that has come
 * (its second ≤ now's) and is not older than `oldestRedeemable`; null when there is none. `given` holds how
 * many were given per second and not yet redeemed (seconds with none may be left out or held as 0).
 */
export function redeemable(given: Iterable<readonly [second: number, count: number]>, nowMs: number): number | null {
  const [from, to] = [oldestRedeemable(nowMs), dueSecond(nowMs)];
  let oldest: number | null = null;
  for (const [second, count] of given) {
    if (count > 0 && second >= from && second <= to && (oldest === null || second < oldest)) oldest = second;
  }
  return oldest;
}
