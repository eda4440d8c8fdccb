import { sql } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { TenantEnv } from '../context.js';
import type { Period } from './model/period.js';

export interface LeaderboardEntry {
  rank: number;
  displayName: string;
  pnl: bigint;
  positions: number;
}

export interface Standing {
  rank: number;
  pnl: bigint;
  positions: number;
}

interface Row {
  kind: 'entry' | 'me';
  rank: string;
  display_name: string | null;
  pnl: string;
  positions: string;
}

/**
 * The leaderboard in one query over the period's bucket (leaderboard_buckets, kept by a trigger on
 * positions): no position is read. The entries walk the bucket in pnl order through its index, keeping
 * the users shown on the leaderboard, and stop at the limit; rank() over that prefix is the true rank,
 * as every user ranked above one is in the prefix before it. Ties share a rank and skip after it
 * (1, 2, 2, 4). The asking user's standing is the rank it has, or would have if it were shown: one more
 * than the shown users ahead of it; none when no position of it ended in the period.
 */
export async function readLeaderboard(
  db: Executor,
  scope: TenantEnv,
  q: { period: Period; startsAt: Date; limit: number; userId: string },
): Promise<{ entries: LeaderboardEntry[]; me: Standing | null }> {
  const { rows } = await sql<Row>`
    with shown as (
      select b.user_id, wp.display_name, b.pnl_minor, b.positions
      from leaderboard_buckets b
      join widget_profiles wp on wp.user_id = b.user_id and wp.show_on_leaderboard
      where b.tenant_id = ${scope.tenantId} and b.environment = ${scope.environment}
        and b.period = ${q.period} and b.starts_at = ${q.startsAt} and b.positions > 0
    ), top as (
      select * from shown order by pnl_minor desc, display_name limit ${q.limit}
    ), mine as (
      select pnl_minor, positions from leaderboard_buckets
      where tenant_id = ${scope.tenantId} and environment = ${scope.environment}
        and period = ${q.period} and starts_at = ${q.startsAt} and user_id = ${q.userId} and positions > 0
    )
    (select 'entry' as kind, rank() over (order by pnl_minor desc) as rank, display_name, pnl_minor as pnl, positions
     from top order by pnl_minor desc, display_name)
    union all
    select 'me', (select count(*) + 1 from shown where shown.pnl_minor > mine.pnl_minor and shown.user_id <> ${q.userId}),
           null, mine.pnl_minor, mine.positions
    from mine`.execute(db);
  const entries = rows
    .filter((r) => r.kind === 'entry')
    .map((r) => ({
      rank: Number(r.rank),
      displayName: r.display_name!,
      pnl: BigInt(r.pnl),
      positions: Number(r.positions),
    }));
  const mine = rows.find((r) => r.kind === 'me');
  const me = mine ? { rank: Number(mine.rank), pnl: BigInt(mine.pnl), positions: Number(mine.positions) } : null;
  return { entries, me };
}
