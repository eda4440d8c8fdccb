import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../src/db/connection.js';
import type { Environment } from '../src/db/schema.js';
import { leaderboardDeltas } from '../src/domains/leaderboard/index.js';

/**
 * The leaderboard's buckets of a tenant equal what its ended positions add up to, recomputed from scratch
 * with the leaderboard's own rule: the buckets kept change by change (closes, settlements, corrections)
 * never drift from the positions they sum.
 */
export async function expectLeaderboardMatchesPositions(db: Db, tenantId: string): Promise<void> {
  const ended = await sql<{
    tenant_id: string;
    environment: Environment;
    user_id: string;
    stake_minor: bigint;
    payout_minor: bigint | null;
    ended_at: Date;
  }>`
    select tenant_id, environment, user_id, stake_minor, payout_minor, ended_at from positions
    where tenant_id = ${tenantId} and ended_at is not null`.execute(db);
  const recomputed = leaderboardDeltas(
    ended.rows.map((p) => ({
      tenantId: p.tenant_id,
      environment: p.environment,
      userId: p.user_id,
      before: null,
      after: { endedAt: p.ended_at, stake: p.stake_minor, payout: p.payout_minor },
    })),
  );
  const kept = await sql<{
    environment: string;
    period: string;
    starts_at: Date;
    user_id: string;
    pnl_minor: bigint;
    positions: number;
  }>`
    select environment, period, starts_at, user_id, pnl_minor, positions from leaderboard_buckets
    where tenant_id = ${tenantId} and (pnl_minor <> 0 or positions <> 0)`.execute(db);
  const key = (r: { environment: string; period: string; startsAt: Date; userId: string }) =>
    `${r.environment}/${r.userId}/${r.period}/${r.startsAt.toISOString()}`;
  const byKey = (
    rows: { environment: string; period: string; startsAt: Date; userId: string; pnl: bigint; positions: number }[],
  ) => new Map(rows.map((r) => [key(r), { pnl: r.pnl, positions: r.positions }]));
  expect(
    byKey(
      kept.rows.map((r) => ({
        environment: r.environment,
        period: r.period,
        startsAt: r.starts_at,
        userId: r.user_id,
        pnl: r.pnl_minor,
        positions: r.positions,
      })),
    ),
  ).toEqual(byKey(recomputed));
}
