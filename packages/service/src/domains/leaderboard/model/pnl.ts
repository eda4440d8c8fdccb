import type { Environment } from '../../../db/schema.js';
import { periodStart, PERIODS, type Period } from './period.js';

/*
 * The leaderboard's profit (docs/operator-api.md, "The leaderboard"): what a position made once it ended
 * (closed, settled or voided) is its payout minus its stake, and it counts in the day, week, month and all
 * time of when it first ended. leaderboard_buckets keeps, per user and bucket, the sum and the count; this
 * says by how much a change of positions moves them.
 */

/** The one bucket of all time starts at the epoch (migration 0008). */
export const ALL_TIME_START = new Date(0);

/** A position as the leaderboard counts it: when it ended, its stake and payout (null counts as 0). */
export interface Counted {
  endedAt: Date;
  stake: bigint;
  payout: bigint | null;
}

/**
 * One position's change: what it counted before (null while it was open) and what it counts after. A
 * close or a first settlement has no `before`; a correction has both, with the same endedAt (a position
 * stays in the period it first ended in).
 */
export interface PositionChange {
  tenantId: string;
  environment: Environment;
  userId: string;
  before: Counted | null;
  after: Counted | null;
}

/** What to add to one user's bucket: its profit and its count of ended positions. */
export interface BucketDelta {
  tenantId: string;
  environment: Environment;
  userId: string;
  period: Period;
  startsAt: Date;
  pnl: bigint;
  positions: number;
}

/** Realised profit of an ended position: payout minus stake, in minor units. */
export function realisedPnl(stake: bigint, payout: bigint | null): bigint {
  return (payout ?? 0n) - stake;
}

/** The four buckets a position that ended at `endedAt` counts in, each by its period and start (00:00Z). */
export function bucketsOf(endedAt: Date): { period: Period; startsAt: Date }[] {
  return PERIODS.map((period) => ({ period, startsAt: periodStart(period, endedAt) ?? ALL_TIME_START }));
}

/**
 * The bucket rows a set of changes moves: what each `before` counted comes off, what each `after` counts
 * goes on, summed to one row per user and bucket (a statement may write each row once), rows that move
 * nothing left out. Ordered by tenant environment, user, period and start, so that two writers take the
 * rows' locks in one order.
 */
export function leaderboardDeltas(changes: readonly PositionChange[]): BucketDelta[] {
  const rows = new Map<string, BucketDelta>();
  const add = (c: PositionChange, counted: Counted, sign: 1 | -1) => {
    const pnl = realisedPnl(counted.stake, counted.payout);
    for (const { period, startsAt } of bucketsOf(counted.endedAt)) {
      const key = `${c.tenantId}/${c.environment}/${c.userId}/${period}/${startsAt.getTime()}`;
      const row = rows.get(key) ?? {
        tenantId: c.tenantId,
        environment: c.environment,
        userId: c.userId,
        period,
        startsAt,
        pnl: 0n,
        positions: 0,
      };
      row.pnl += sign === 1 ? pnl : -pnl;
      row.positions += sign;
      rows.set(key, row);
    }
  };
  for (const change of changes) {
    if (change.before) add(change, change.before, -1);
    if (change.after) add(change, change.after, 1);
  }
  return [...rows.values()]
    .filter((r) => r.pnl !== 0n || r.positions !== 0)
    .sort(
      (a, b) =>
        compare(a.tenantId, b.tenantId) ||
        compare(a.environment, b.environment) ||
        compare(a.userId, b.userId) ||
        PERIODS.indexOf(a.period) - PERIODS.indexOf(b.period) ||
        a.startsAt.getTime() - b.startsAt.getTime(),
    );
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
