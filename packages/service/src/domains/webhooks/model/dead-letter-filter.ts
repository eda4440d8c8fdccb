import type { Environment } from '../../../db/schema.js';

/** "Dead for more than …": the ages the panel and the platform API offer, in milliseconds. */
export const DEAD_AGES = { '1h': 3_600_000, '24h': 86_400_000, '7d': 7 * 86_400_000 } as const;
export type DeadAge = keyof typeof DEAD_AGES;

/** Which dead letters a list, a count or a bulk resend is about; every field narrows, none is required. */
export interface DeadLetterFilter {
  tenantId?: string;
  environment?: Environment;
  /** The event type. */
  type?: string;
  /** Dead for more than this long at `now`. */
  olderThan?: DeadAge;
  /** Dead at or after this instant. */
  deadFrom?: Date;
  /** Dead before this instant. */
  deadTo?: Date;
}

/** The filter's time bounds on dead_at as instants: the later lower bound, the earlier upper one. */
export interface DeadWindow {
  from: Date | null;
  /** Exclusive. */
  to: Date | null;
}

/**
 * The age choices and the from/to fields as one window on dead_at. "Older than 1 h" is dead at or before
 * now − 1 h; with a `deadTo` as well the earlier of the two bounds wins, so both always narrow.
 * @example deadWindow({ olderThan: '1h' }, new Date('2026-06-01T12:00:00Z')).to // 2026-06-01T11:00:00.001Z
 */
export function deadWindow(filter: DeadLetterFilter, now: Date): DeadWindow {
  const ageBound = filter.olderThan ? new Date(now.getTime() - DEAD_AGES[filter.olderThan] + 1) : null;
  const bounds = [ageBound, filter.deadTo ?? null].filter((d): d is Date => d !== null);
  const to = bounds.length === 0 ? null : new Date(Math.min(...bounds.map((d) => d.getTime())));
  return { from: filter.deadFrom ?? null, to };
}

/** Why a filter cannot match anything by construction, in words; null when it is a sensible one. */
export function filterProblem(filter: DeadLetterFilter): string | null {
  if (filter.deadFrom && filter.deadTo && filter.deadFrom.getTime() >= filter.deadTo.getTime())
    return 'dead_from must be before dead_to.';
  return null;
}

/** The most dead letters one bulk resend puts back: one transaction, a few seconds at most. */
export const BULK_RESEND_CAP = 5000;
