import { sql } from 'kysely';
import type { Executor } from '../../db/connection.js';
import { prepared } from '../../db/prepared.js';
import type { TenantEnv } from '../context.js';

/** What a user staked since one time: the sum, and when the earliest of those stakes was made. */
export interface StakedSince {
  used: bigint;
  earliest: Date | null;
}

/**
 * What each user staked since each of `since` (the player limits' windows): the stake of the positions
 * opened after it, opens and fills alike (a close gives nothing back), and the earliest of them. Read
 * from the index on (user_id, opened_at), so nothing older than the earliest `since` is read. Each user
 * asked for gets one entry per `since`, in that order.
 */
export async function stakedSince(
  db: Executor,
  userIds: readonly string[],
  since: readonly Date[],
): Promise<Map<string, StakedSince[]>> {
  const result = new Map(userIds.map((id) => [id, since.map(() => ({ used: 0n, earliest: null as Date | null }))]));
  if (userIds.length === 0 || since.length === 0) return result;
  const oldest = new Date(Math.min(...since.map((d) => d.getTime())));
  const { rows } = await prepared(sql<{ user_id: string; n: string; used: string; earliest: Date }>`
    select p.user_id, w.n, sum(p.stake_minor)::text as used, min(p.opened_at) as earliest
    from positions p
    join unnest(${[...since]}::timestamptz[]) with ordinality as w(since, n) on p.opened_at > w.since
    where p.user_id = any(${[...userIds]}::uuid[]) and p.opened_at > ${oldest}
    group by p.user_id, w.n`).execute(db);
  for (const r of rows) result.get(r.user_id)![Number(r.n) - 1] = { used: BigInt(r.used), earliest: r.earliest };
  return result;
}

/**
 * The stake one tenant environment opened on each of these markets, all time (the feed's volume,
 * docs/operator-api.md, "Market feed"): opens and limit-order fills alike; a close gives nothing back and a
 * settlement or void leaves the stake counted. Summed from the index on (market_id, tenant_id, environment)
 * that includes the stake (migration 0035), so no other tenant's or environment's position is read. A
 * market without positions of the scope has no entry.
 */
export async function stakeOpenedOnMarkets(
  db: Executor,
  scope: TenantEnv,
  marketIds: readonly string[],
): Promise<Map<string, bigint>> {
  if (marketIds.length === 0) return new Map();
  const { rows } = await sql<{ market_id: string; stake: string }>`
    select p.market_id, sum(p.stake_minor)::text as stake
    from positions p
    where p.market_id = any(${[...new Set(marketIds)]}::uuid[])
      and p.tenant_id = ${scope.tenantId} and p.environment = ${scope.environment}
    group by p.market_id`.execute(db);
  return new Map(rows.map((r) => [r.market_id, BigInt(r.stake)]));
}

/** The positions one tenant environment opened on one market since a time, and their stake. */
export interface StakeOnMarket {
  marketId: string;
  positions: number;
  stake: bigint;
}

/**
 * What one tenant environment traded since `since` (the panel's tenant page, today's stake: docs/operations.md,
 * "The platform panel"): per market, the positions opened since (opens and limit-order fills alike; a later close
 * or settlement leaves them counted) and the sum of their stakes, most stake first. Read through the index on
 * (tenant_id, environment, opened_at), so no other tenant's or environment's position is read.
 */
export async function stakeOpenedSince(db: Executor, scope: TenantEnv, since: Date): Promise<StakeOnMarket[]> {
  const { rows } = await sql<{ market_id: string; positions: number; stake: string }>`
    select p.market_id, count(*)::int as positions, sum(p.stake_minor)::text as stake
    from positions p
    where p.tenant_id = ${scope.tenantId} and p.environment = ${scope.environment} and p.opened_at >= ${since}
    group by p.market_id
    order by sum(p.stake_minor) desc, p.market_id`.execute(db);
  return rows.map((r) => ({ marketId: r.market_id, positions: r.positions, stake: BigInt(r.stake) }));
}
