import { sql } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { MarketStatus } from '../../db/schema.js';
import type { TenantEnv } from '../context.js';
import { enabledFor, isSlug, queryMarkets, type MarketForTrade } from '../markets/index.js';

/**
 * The market row lock, taken only here. Trades on one market serialise on it, and every transaction
 * that moves money takes it first, then the users' rows in id order (docs/architecture.md, "Locks"): so trades, fills,
 * settlements and corrections never deadlock.
 */

/**
 * Locks the market a tenant trades on (by slug or id) for the rest of the transaction and reads it.
 * Null when there is no such market or it is not enabled for the tenant environment.
 */
export async function lockMarketForTrade(
  tx: Executor,
  scope: TenantEnv,
  market: { slug: string } | { id: string },
): Promise<MarketForTrade | null> {
  if ('slug' in market && !isSlug(market.slug)) return null;
  const which = 'slug' in market ? sql`m.slug = ${market.slug}` : sql`m.id = ${market.id}`;
  const [locked] = await queryMarkets(tx, sql`${which} and ${enabledFor(scope)}`, sql`for update of m`);
  return locked ?? null;
}

export interface LockedMarket {
  id: string;
  slug: string;
  status: MarketStatus;
  resolvedOutcomeId: string | null;
  outcomeIds: string[];
  /** A sandbox test market's tenant (docs/operator-api.md, "Self-service, test markets and exposure"); null for a shared market. */
  ownerTenantId: string | null;
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
    owner_tenant_id: string | null;
  }>`
    select m.id, m.slug, m.status, m.resolved_outcome_id, m.owner_tenant_id,
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
    ownerTenantId: row.owner_tenant_id,
  };
}
