import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PERIODS } from './period.js';
import {
  ALL_TIME_START,
  bucketsOf,
  leaderboardDeltas,
  realisedPnl,
  type BucketDelta,
  type Counted,
  type PositionChange,
} from './pnl.js';

const at = (iso: string) => new Date(iso);
const scope = { tenantId: 't1', environment: 'sandbox' as const };
const ended = (iso: string, stake: bigint, payout: bigint | null): Counted => ({ endedAt: at(iso), stake, payout });
const change = (userId: string, before: Counted | null, after: Counted | null): PositionChange => ({
  ...scope,
  userId,
  before,
  after,
});
const row = (userId: string, period: BucketDelta['period'], startsAt: string, pnl: bigint, positions: number) => ({
  ...scope,
  userId,
  period,
  startsAt: at(startsAt),
  pnl,
  positions,
});

describe('realisedPnl', () => {
  it('is payout minus stake, a missing payout counting as 0', () => {
    expect(realisedPnl(500n, 1909n)).toBe(1409n);
    expect(realisedPnl(500n, 0n)).toBe(-500n);
    expect(realisedPnl(500n, null)).toBe(-500n);
    expect(realisedPnl(500n, 500n)).toBe(0n);
  });
});

describe('bucketsOf', () => {
  it('puts a Sunday night in its day, the week from the Monday before, its month and all time', () => {
    expect(bucketsOf(at('2026-05-31T23:59:59.999Z'))).toEqual([
      { period: 'day', startsAt: at('2026-05-31T00:00:00Z') },
      { period: 'week', startsAt: at('2026-05-25T00:00:00Z') },
      { period: 'month', startsAt: at('2026-05-01T00:00:00Z') },
      { period: 'all', startsAt: ALL_TIME_START },
    ]);
  });

  it('starts a week in the month and year before when its Monday is there', () => {
    expect(bucketsOf(at('2027-01-02T08:00:00Z')).map((b) => b.startsAt.toISOString())).toEqual([
      '2027-01-02T00:00:00.000Z',
      '2026-12-28T00:00:00.000Z',
      '2027-01-01T00:00:00.000Z',
      '1970-01-01T00:00:00.000Z',
    ]);
  });
});

describe('leaderboardDeltas', () => {
  it('adds a close to the four buckets of when it ended, with a count of one', () => {
    expect(leaderboardDeltas([change('u1', null, ended('2026-05-20T15:00:00Z', 500n, 1909n))])).toEqual([
      row('u1', 'day', '2026-05-20T00:00:00Z', 1409n, 1),
      row('u1', 'week', '2026-05-18T00:00:00Z', 1409n, 1),
      row('u1', 'month', '2026-05-01T00:00:00Z', 1409n, 1),
      row('u1', 'all', '1970-01-01T00:00:00Z', 1409n, 1),
    ]);
  });

  it('sums one user’s endings of one statement into one row per bucket, and keeps users apart', () => {
    const deltas = leaderboardDeltas([
      change('u2', null, ended('2026-05-20T10:00:00Z', 800n, 0n)),
      change('u1', null, ended('2026-05-20T09:00:00Z', 500n, 700n)),
      change('u1', null, ended('2026-05-21T09:00:00Z', 500n, null)),
    ]);
    expect(deltas.filter((d) => d.userId === 'u1')).toEqual([
      row('u1', 'day', '2026-05-20T00:00:00Z', 200n, 1),
      row('u1', 'day', '2026-05-21T00:00:00Z', -500n, 1),
      row('u1', 'week', '2026-05-18T00:00:00Z', -300n, 2),
      row('u1', 'month', '2026-05-01T00:00:00Z', -300n, 2),
      row('u1', 'all', '1970-01-01T00:00:00Z', -300n, 2),
    ]);
    expect(deltas.filter((d) => d.userId === 'u2').map((d) => [d.pnl, d.positions])).toEqual(
      PERIODS.map(() => [-800n, 1]),
    );
  });

  it('moves a correction’s profit in the buckets it first ended in, without counting the position again', () => {
    const first = ended('2026-05-20T15:00:00Z', 500n, 1909n);
    expect(leaderboardDeltas([change('u1', first, { ...first, payout: 0n })])).toEqual([
      row('u1', 'day', '2026-05-20T00:00:00Z', -1909n, 0),
      row('u1', 'week', '2026-05-18T00:00:00Z', -1909n, 0),
      row('u1', 'month', '2026-05-01T00:00:00Z', -1909n, 0),
      row('u1', 'all', '1970-01-01T00:00:00Z', -1909n, 0),
    ]);
  });

  it('counts a void at zero profit, and leaves out what moves nothing', () => {
    const voided = ended('2026-05-20T15:00:00Z', 500n, 500n);
    expect(leaderboardDeltas([change('u1', null, voided)]).map((d) => [d.pnl, d.positions])).toEqual(
      PERIODS.map(() => [0n, 1]),
    );
    expect(leaderboardDeltas([change('u1', voided, { ...voided })])).toEqual([]);
    expect(leaderboardDeltas([change('u1', null, null)])).toEqual([]);
  });
});

describe('leaderboardDeltas: the buckets always equal the positions', () => {
  const DAY = 86_400_000;
  /** A position's life: ended at some time in two years, then corrected to other payouts. */
  const life = fc.record({
    user: fc.constantFrom('u1', 'u2', 'u3'),
    environment: fc.constantFrom('sandbox' as const, 'live' as const),
    endedAt: fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2026, 0, 1) + 730 * DAY }).map((t) => new Date(t)),
    stake: fc.bigInt({ min: 1n, max: 10n ** 15n }),
    payouts: fc.array(fc.option(fc.bigInt({ min: 0n, max: 10n ** 15n }), { nil: null }), {
      minLength: 1,
      maxLength: 4,
    }),
  });

  /** A table of buckets, as leaderboard_buckets holds it: one row per user and bucket. */
  const key = (r: Omit<BucketDelta, 'pnl' | 'positions'>) =>
    `${r.tenantId}/${r.environment}/${r.userId}/${r.period}/${r.startsAt.toISOString()}`;
  const apply = (table: Map<string, { pnl: bigint; positions: number }>, deltas: readonly BucketDelta[]) => {
    for (const d of deltas) {
      const was = table.get(key(d)) ?? { pnl: 0n, positions: 0 };
      table.set(key(d), { pnl: was.pnl + d.pnl, positions: was.positions + d.positions });
    }
  };
  const nonZero = (table: Map<string, { pnl: bigint; positions: number }>) =>
    new Map([...table].filter(([, v]) => v.pnl !== 0n || v.positions !== 0));

  it('applying the changes statement by statement gives the totals recomputed from the final positions', () => {
    fc.assert(
      fc.property(fc.array(life, { maxLength: 30 }), fc.integer({ min: 1, max: 8 }), (lives, perStatement) => {
        // Every step of every position (its ending, then each correction), interleaved across positions,
        // written in statements of `perStatement` changes.
        const steps: PositionChange[] = [];
        const longest = Math.max(0, ...lives.map((l) => l.payouts.length));
        for (let i = 0; i < longest; i += 1) {
          for (const l of lives) {
            if (i >= l.payouts.length) continue;
            const counted = (payout: bigint | null): Counted => ({ endedAt: l.endedAt, stake: l.stake, payout });
            steps.push({
              tenantId: 't',
              environment: l.environment,
              userId: l.user,
              before: i === 0 ? null : counted(l.payouts[i - 1]!),
              after: counted(l.payouts[i]!),
            });
          }
        }
        const kept = new Map<string, { pnl: bigint; positions: number }>();
        for (let i = 0; i < steps.length; i += perStatement) {
          const deltas = leaderboardDeltas(steps.slice(i, i + perStatement));
          // One row per bucket in a statement: an upsert may not touch a row twice.
          expect(new Set(deltas.map(key)).size).toBe(deltas.length);
          apply(kept, deltas);
        }

        const recomputed = new Map<string, { pnl: bigint; positions: number }>();
        for (const l of lives) {
          const final = l.payouts[l.payouts.length - 1]!;
          for (const b of bucketsOf(l.endedAt)) {
            const k = key({ tenantId: 't', environment: l.environment, userId: l.user, ...b });
            const was = recomputed.get(k) ?? { pnl: 0n, positions: 0 };
            recomputed.set(k, { pnl: was.pnl + realisedPnl(l.stake, final), positions: was.positions + 1 });
          }
        }
        expect(nonZero(kept)).toEqual(nonZero(recomputed));
      }),
    );
  });

  it('puts every ending in a bucket that holds it: the start at 00:00Z, a week from Monday', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Date.UTC(2100, 0, 1) }), (t) => {
        const endedAt = new Date(t);
        const [day, week, month, all] = bucketsOf(endedAt).map((b) => b.startsAt);
        expect(t - day!.getTime()).toBeGreaterThanOrEqual(0);
        expect(t - day!.getTime()).toBeLessThan(DAY);
        expect(week!.getUTCDay()).toBe(1);
        expect(t - week!.getTime()).toBeGreaterThanOrEqual(0);
        expect(t - week!.getTime()).toBeLessThan(7 * DAY);
        expect([month!.getUTCFullYear(), month!.getUTCMonth(), month!.getUTCDate()]).toEqual([
          endedAt.getUTCFullYear(),
          endedAt.getUTCMonth(),
          1,
        ]);
        expect(month!.getTime() % DAY).toBe(0);
        expect(all).toEqual(ALL_TIME_START);
      }),
    );
  });
});
