import { sql } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { MarketStatus } from '../../db/schema.js';
import { enabledFor, isSlug, queryMarkets, type MarketForTrade } from '../markets/index.js';

/**
 * The market row lock, taken only here. Trades on one market serialise on it, and every transaction
 * that moves money takes it first, then the users' rows in id order (DESIGN part 2): so trades, fills,
 * settlements and corrections never deadlock.
 */

/**
 * Locks the market a tenant trades on (by slug or id) for the rest of the transaction and reads it.
 * Null when there is no such market or it is not enabled for the tenant.
 */
export async function lockMarketForTrade(
  tx: Executor,
  tenantId: string,
  market: { slug: string } | { id: string },
): Promise<MarketForTrade | null> {
  if ('slug' in market && !isSlug(market.slug)) return null;
  const which = 'slug' in market ? sql`m.slug = ${market.slug}` : sql`m.id = ${market.id}`;
  const [locked] = await queryMarkets(tx, sql`${which} and ${enabledFor(tenantId)}`, sql`for update of m`);
  return locked ?? null;
}

export interface LockedMarket {
  id: string;
  slug: string;
  status: MarketStatus;
  resolvedOutcomeId: string | null;
  outcomeIds: string[];
}

/** The market row under lock, for the platform (any tenant): the first lock of every settlement. */
export async function lockMarketForSettlement(tx: Executor, slug: string): Promise<LockedMarket | null> {
  if (!isSlug(slug)) return null;
  const { rows } = await sql<{
    id: string;
    slug: string;
    status: MarketStatus;
    resolved_outcome_id: string | null;
    outcome_ids: string[];
  }>`
    select m.id, m.slug, m.status, m.resolved_outcome_id,
           array(select o.id from market_outcomes o where o.market_id = m.id order by o.ordinal) as outcome_ids
    from markets m where m.slug = ${slug} for update of m`.execute(tx);
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    slug: row.slug,
    status: row.status,
    resolvedOutcomeId: row.resolved_outcome_id,
    outcomeIds: row.outcome_ids,
  };
}

/**
 * Locks a market by slug for a batch of trades of any tenants, and reads it with the tenants it is
 * enabled for (each trade is judged against its own tenant). Null when there is no such market.
 */
export async function lockMarketForBatch(
  tx: Executor,
  slug: string,
): Promise<{ market: MarketForTrade; tenantIds: Set<string> } | null> {
  if (!isSlug(slug)) return null;
  const [market] = await queryMarkets(tx, sql`m.slug = ${slug}`, sql`for update of m`);
  if (!market) return null;
  const tenants = await sql<{ tenant_id: string }>`
    select tenant_id from tenant_markets where market_id = ${market.id}`.execute(tx);
  return { market, tenantIds: new Set(tenants.rows.map((r) => r.tenant_id)) };
}
