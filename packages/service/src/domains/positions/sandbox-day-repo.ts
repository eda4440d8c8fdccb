import { sql } from 'kysely';
import type { Executor } from '../../db/connection.js';

/**
 * The shares each sandbox tenant environment bought and sold on a market since `since` (the sandbox bound's
 * day, docs/operator-api.md "Sandbox influence"): its positions opened since, and those closed since, each
 * counted once per move (a position opened and closed within the day counts twice). Keyed
 * `${tenantId}/${marketId}`; a pair with none is absent. The caller holds the markets' row locks, so no
 * sandbox trade on them can commit while the round decides.
 */
export async function sandboxSharesTraded(
  tx: Executor,
  pairs: readonly { tenantId: string; marketId: string }[],
  since: Date,
): Promise<Map<string, bigint>> {
  if (pairs.length === 0) return new Map();
  const { rows } = await sql<{ tenant_id: string; market_id: string; units: string }>`
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
    select tenant_id, market_id, sum(shares_units)::text as units from moved group by tenant_id, market_id`.execute(tx);
  return new Map(rows.map((r) => [`${r.tenant_id}/${r.market_id}`, BigInt(r.units)]));
}
