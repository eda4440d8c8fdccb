import { sql } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { TenantEnv } from '../context.js';

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
 * The leaderboard in one query. Only users shown on it are aggregated, each through the index
 * positions_user_ended (one user's ended positions of the period, stake and payout in the index, so
 * no table rows are read). rank() gives ties one rank and skips after them (1, 2, 2, 4). The asking
 * user's standing is the rank it has, or would have if it were shown: one more than the shown users
 * ahead of it; none when it ended no position in the period.
 */
export async function readLeaderboard(
  db: Executor,
  scope: TenantEnv,
  q: { from: Date; limit: number; userId: string },
): Promise<{ entries: LeaderboardEntry[]; me: Standing | null }> {
  const { rows } = await sql<Row>`
    with board as (
      select wp.user_id, wp.display_name, sum(coalesce(p.payout_minor, 0) - p.stake_minor) as pnl, count(*) as positions
      from widget_profiles wp
      join positions p on p.user_id = wp.user_id and p.ended_at >= ${q.from}
      where wp.tenant_id = ${scope.tenantId} and wp.environment = ${scope.environment} and wp.show_on_leaderboard
      group by wp.user_id, wp.display_name
    ), mine as (
      select sum(coalesce(p.payout_minor, 0) - p.stake_minor) as pnl, count(*) as positions
      from positions p
      where p.user_id = ${q.userId} and p.ended_at >= ${q.from}
    )
    (select 'entry' as kind, rank() over (order by pnl desc) as rank, display_name, pnl, positions
     from board order by rank, display_name limit ${q.limit})
    union all
    select 'me', (select count(*) + 1 from board where board.pnl > mine.pnl and board.user_id <> ${q.userId}),
           null, mine.pnl, mine.positions
    from mine where mine.positions > 0`.execute(db);
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
