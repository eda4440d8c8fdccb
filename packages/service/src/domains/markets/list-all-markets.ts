import { sql } from 'kysely';
import type { Ctx } from '../context.js';
import { queryMarkets, type MarketRecord, type MarketStatus } from './market-repo.js';

/**
 * Every shared market for the platform panel, newest first, whichever tenants have it. Tenants' sandbox test
 * markets (up to 50 each) are left out: they would push the platform's own markets off the list.
 */
export async function listAllMarkets(
  ctx: Ctx,
  query: { status?: MarketStatus; limit: number },
): Promise<MarketRecord[]> {
  const where = query.status
    ? sql`m.owner_tenant_id is null and m.status = ${query.status}`
    : sql`m.owner_tenant_id is null`;
  return queryMarkets(ctx.db, where, sql`order by m.created_at desc, m.id limit ${query.limit}`);
}

/** The ids of the tenants a market is enabled for. */
export async function tenantsOfMarket(ctx: Ctx, marketId: string): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom('tenant_markets')
    .select('tenant_id')
    .where('market_id', '=', marketId)
    .orderBy('tenant_id')
    .execute();
  return rows.map((r) => r.tenant_id);
}

/**
 * Shared markets past their close that are neither resolved nor voided: they wait for the platform,
 * oldest close first (the panel's overview), at most `limit` of them.
 */
export async function marketsAwaitingResolution(ctx: Ctx, limit: number): Promise<MarketRecord[]> {
  const where = sql`m.owner_tenant_id is null and m.status in ('open', 'suspended') and m.closes_at <= ${ctx.now}`;
  return queryMarkets(ctx.db, where, sql`order by m.closes_at, m.id limit ${limit}`);
}
