import { sql } from 'kysely';
import { containing } from '../../db/like.js';
import type { Ctx } from '../context.js';
import { queryMarkets, type MarketRecord, type MarketStatus } from './market-repo.js';

/** Which shared markets the panel lists, and from where. */
export interface MarketListQuery {
  status?: MarketStatus;
  /** Part of the slug or of the title, in any case. */
  text?: string;
  /** The id of the last market of the page before: only markets after it in the list's order. */
  after?: string;
  limit: number;
}

/**
 * Shared markets for the platform panel, newest first, whichever tenants have it, a keyset page at a time.
 * Tenants' sandbox test markets (up to 50 each) are left out: they would push the platform's own markets
 * off the list.
 */
export async function listAllMarkets(ctx: Ctx, query: MarketListQuery): Promise<MarketRecord[]> {
  const conditions = [sql`m.owner_tenant_id is null`];
  if (query.status) conditions.push(sql`m.status = ${query.status}`);
  if (query.text) {
    const pattern = containing(query.text);
    conditions.push(sql`(m.slug ilike ${pattern} or m.title ilike ${pattern})`);
  }
  if (query.after) {
    conditions.push(sql`(m.created_at, m.id) < (select created_at, id from markets where id = ${query.after})`);
  }
  return queryMarkets(
    ctx.db,
    sql.join(conditions, sql` and `),
    sql`order by m.created_at desc, m.id desc limit ${query.limit}`,
  );
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
