import { sql } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { MarketStatus } from '../../db/schema.js';
import {
  enabledFor,
  isSlug,
  MARKET_COLUMNS,
  marketRecordOf,
  queryMarkets,
  type MarketForTrade,
  type MarketRow,
} from '../markets/index.js';

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
  return marketForSettlement(tx, slug, true);
}

/** The same market without its lock: for a preview of a settlement, which must not hold up trades. */
export async function readMarketForSettlement(db: Executor, slug: string): Promise<LockedMarket | null> {
  return marketForSettlement(db, slug, false);
}

async function marketForSettlement(tx: Executor, slug: string, lock: boolean): Promise<LockedMarket | null> {
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
    from markets m where m.slug = ${slug} ${lock ? sql`for update of m` : sql``}`.execute(tx);
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

/** A market as a batch of trades takes it: locked, with the tenants it is enabled for. */
export interface BatchMarket {
  market: MarketForTrade;
  /** Each trade is judged against its own tenant. */
  tenantIds: Set<string>;
  /** Whether it has open limit orders: the batch reads them only then. */
  hasOpenOrders: boolean;
}

/**
 * Locks a market by slug for a batch of trades of any tenants (a trade's batch or an evaluation of its
 * orders), and reads what the batch needs of it in the same statement. Null when there is no such market.
 */
export async function lockMarketForBatch(tx: Executor, slug: string): Promise<BatchMarket | null> {
  if (!isSlug(slug)) return null;
  const { rows } = await sql<MarketRow & { tenant_ids: string[]; has_open_orders: boolean }>`
    select ${MARKET_COLUMNS},
           array(select tm.tenant_id from tenant_markets tm where tm.market_id = m.id) as tenant_ids,
           exists (select 1 from orders o where o.market_id = m.id and o.status = 'open') as has_open_orders
    from markets m where m.slug = ${slug} for update of m`.execute(tx);
  const row = rows[0];
  if (!row) return null;
  return { market: marketRecordOf(row), tenantIds: new Set(row.tenant_ids), hasOpenOrders: row.has_open_orders };
}
