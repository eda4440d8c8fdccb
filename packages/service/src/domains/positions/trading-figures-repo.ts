import { sql } from 'kysely';
import type { Executor } from '../../db/connection.js';
import { prepared } from '../../db/prepared.js';

/** What an engine round reads of positions to judge its trades, keyed as the round looks them up. */
export interface TradingFigures {
  /** Each user's open stake per market (what the per-user cap counts), keyed "userId/marketId". */
  openStakes: Map<string, bigint>;
  /**
   * The shares each sandbox tenant environment bought and sold on a market since `since` (the sandbox
   * bound's day, docs/operator-api.md "Sandbox influence"): its positions opened since, and those closed
   * since, each counted once per move. Keyed "tenantId/marketId"; a pair with none is absent.
   */
  sandboxDay: Map<string, bigint>;
}

/**
 * Both of a round's readings of positions in one statement (one round trip). The caller holds the markets'
 * and users' row locks and this runs after them, so it sees every trade that committed before the round
 * took its locks, and none can commit on those rows while the round decides.
 */
export async function tradingFigures(
  tx: Executor,
  stakesOf: { userIds: readonly string[]; marketIds: readonly string[] },
  sandboxOf: { pairs: readonly { tenantId: string; marketId: string }[]; since: Date },
): Promise<TradingFigures> {
  const figures: TradingFigures = { openStakes: new Map(), sandboxDay: new Map() };
  const { userIds, marketIds } = stakesOf;
  const { pairs, since } = sandboxOf;
  if ((userIds.length === 0 || marketIds.length === 0) && pairs.length === 0) return figures;
  const { rows } = await prepared(sql<{ kind: 'stake' | 'sandbox'; owner: string; market_id: string; total: string }>`
    with pair as (
      select * from unnest(${pairs.map((p) => p.tenantId)}::uuid[], ${pairs.map((p) => p.marketId)}::uuid[])
        as x(tenant_id, market_id)
    ), moved as (
      select p.tenant_id, p.market_id, p.shares_units from positions p join pair using (tenant_id, market_id)
      where p.environment = 'sandbox' and p.opened_at > ${since}
      union all
      select p.tenant_id, p.market_id, p.shares_units from positions p join pair using (tenant_id, market_id)
      where p.environment = 'sandbox' and p.closed_at > ${since}
    )
    select 'stake' as kind, user_id as owner, market_id, sum(stake_minor)::text as total from positions
    where state = 'open' and market_id = any(${[...marketIds]}::uuid[]) and user_id = any(${[...userIds]}::uuid[])
    group by user_id, market_id
    union all
    select 'sandbox', tenant_id, market_id, sum(shares_units)::text from moved group by tenant_id, market_id`).execute(
    tx,
  );
  for (const row of rows) {
    const into = row.kind === 'stake' ? figures.openStakes : figures.sandboxDay;
    into.set(`${row.owner}/${row.market_id}`, BigInt(row.total));
  }
  return figures;
}
