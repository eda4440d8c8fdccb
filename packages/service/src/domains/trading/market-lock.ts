import { sql } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { MarketStatus } from '../../db/schema.js';
import type { TenantEnv } from '../context.js';
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
  /** A sandbox test market's tenant (decisions part 10); null for a shared market. */
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

/** A market as an engine round takes it: locked, with the tenants it is enabled for. */
export interface RoundMarketLock {
  market: MarketForTrade;
  /** Each trade is judged against its own tenant. */
  tenantIds: Set<string>;
  /** Whether it has open limit orders: the round reads them only then. */
  hasOpenOrders: boolean;
}

/** The markets a round of the write engine asked for: those it locked, and those another transaction holds. */
export interface RoundMarkets {
  locked: Map<string, RoundMarketLock>;
  /** Ids of markets that exist but were held elsewhere (only when skipping locked rows). */
  held: Set<string>;
  /** Every existing market asked for, by slug: its id. */
  idOfSlug: Map<string, string>;
}

/**
 * Locks markets named by slug or id for an engine round, with what the round needs of each, in one
 * statement. With skipLocked a market another transaction holds (a settlement, another process's round)
 * is not waited for but reported held; without, they are taken in id order (DESIGN part 2).
 */
export async function lockMarketsForRound(
  tx: Executor,
  wanted: { slugs: readonly string[]; ids: readonly string[] },
  options: { skipLocked: boolean },
): Promise<RoundMarkets> {
  const slugs = wanted.slugs.filter(isSlug);
  const result: RoundMarkets = { locked: new Map(), held: new Set(), idOfSlug: new Map() };
  if (slugs.length === 0 && wanted.ids.length === 0) return result;
  const { rows } = await sql<
    Partial<MarketRow> & { wanted_id: string; wanted_slug: string; tenant_ids: string[]; has_open_orders: boolean }
  >`
    with wanted as (
      select id, slug from markets where slug = any(${slugs}::text[]) or id = any(${[...wanted.ids]}::uuid[])
    ), locked as (
      select m.* from markets m where m.id in (select id from wanted)
      order by m.id for update of m ${options.skipLocked ? sql`skip locked` : sql``}
    )
    select w.id as wanted_id, w.slug as wanted_slug, ${MARKET_COLUMNS},
           array(select tm.tenant_id from tenant_markets tm where tm.market_id = m.id) as tenant_ids,
           exists (select 1 from orders o where o.market_id = m.id and o.status = 'open') as has_open_orders
    from wanted w left join locked m on m.id = w.id`.execute(tx);
  for (const row of rows) {
    result.idOfSlug.set(row.wanted_slug, row.wanted_id);
    if (row.id === null || row.id === undefined) {
      result.held.add(row.wanted_id);
      continue;
    }
    const market = marketRecordOf(row as MarketRow);
    result.locked.set(market.id, { market, tenantIds: new Set(row.tenant_ids), hasOpenOrders: row.has_open_orders });
  }
  return result;
}
