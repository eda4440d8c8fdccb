import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { TenantEnv } from '../context.js';
import type { Period } from './model/period.js';
import type { BucketDelta } from './model/pnl.js';

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
 * The leaderboard in one query over the period's bucket (leaderboard_buckets, moved by
 * leaderboardDeltaSql with every change of ended positions): no position is read. The entries walk the bucket in pnl order through its index, keeping
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

/**
 * Adds deltas (model/pnl.ts, leaderboardDeltas) to the users' buckets, as one statement to run alone or as
 * a part of a larger one (an engine round's). Deltas hold one row per bucket, as an upsert may touch a row
 * once. The writer holds the row locks of the deltas' users (a close, a settlement and a correction all
 * do), so bucket rows are written under their user's lock and add no lock order of their own.
 */
export function leaderboardDeltaSql(deltas: readonly BucketDelta[]): RawBuilder<unknown> {
  return sql`
    insert into leaderboard_buckets as b (tenant_id, environment, period, starts_at, user_id, pnl_minor, positions)
    select d.tenant_id, d.environment, d.period, d.starts_at, d.user_id, d.pnl, d.positions
    from unnest(${deltas.map((d) => d.tenantId)}::uuid[], ${deltas.map((d) => d.environment)}::text[],
                ${deltas.map((d) => d.period)}::text[], ${deltas.map((d) => d.startsAt)}::timestamptz[],
                ${deltas.map((d) => d.userId)}::uuid[], ${deltas.map((d) => d.pnl)}::bigint[],
                ${deltas.map((d) => d.positions)}::integer[])
      with ordinality as d(tenant_id, environment, period, starts_at, user_id, pnl, positions, n)
    order by d.n
    on conflict (tenant_id, environment, period, starts_at, user_id) do update
      set pnl_minor = b.pnl_minor + excluded.pnl_minor, positions = b.positions + excluded.positions`;
}

/** leaderboardDeltaSql as a statement of its own (settlement), nothing when there is nothing to add. */
export async function applyLeaderboardDeltas(tx: Executor, deltas: readonly BucketDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  await leaderboardDeltaSql(deltas).execute(tx);
}
