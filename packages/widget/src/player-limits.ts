import { centsOf } from './cents.js';

/**
 * The limits a player set through the operator (GET /v1/users/{id}/limits, read with the session), as
 * the widget uses them: what is left of the tightest limit, for the ticket, and whether a break is running.
 */
export type LimitName = 'stake_per_day' | 'stake_per_week' | 'stake_per_month';

export interface LimitView {
  limit: string;
  used: string;
  remaining: string;
  resets_at: string | null;
  pending: { limit: string | null; effective_at: string } | null;
}

export interface PlayerLimits {
  external_user_id: string;
  stake_per_day: LimitView | null;
  stake_per_week: LimitView | null;
  stake_per_month: LimitView | null;
  excluded_until: string | null;
}

const NAMES: readonly LimitName[] = ['stake_per_day', 'stake_per_week', 'stake_per_month'];

/** Whether `a` frees later than `b`: null (nothing counted, so waiting frees nothing) is latest. */
const freesLater = (a: string | null, b: string | null) =>
  a === null ? b !== null : b !== null && Date.parse(a) > Date.parse(b);

/**
 * The limit with the least left, what the ticket says and never passes; on a tie the one that frees last,
 * as the service names it in a refusal (a sooner one would invite the player back while another refuses).
 */
export function tightestLimit(
  limits: PlayerLimits | null,
): { name: LimitName; remaining: string; resetsAt: string | null } | null {
  let tightest: { name: LimitName; remaining: string; resetsAt: string | null } | null = null;
  for (const name of NAMES) {
    const view = limits?.[name];
    if (!view) continue;
    const tighter =
      !tightest ||
      centsOf(view.remaining) < centsOf(tightest.remaining) ||
      (centsOf(view.remaining) === centsOf(tightest.remaining) && freesLater(view.resets_at, tightest.resetsAt));
    if (tighter) tightest = { name, remaining: view.remaining, resetsAt: view.resets_at };
  }
  return tightest;
}

/** The end of the player's break when one is running at `now`, else null. */
export function breakUntil(limits: PlayerLimits | null, now: number): string | null {
  const until = limits?.excluded_until ?? null;
  return until !== null && Date.parse(until) > now ? until : null;
}
