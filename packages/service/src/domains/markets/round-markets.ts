import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/connection.js';
import { prepared } from '../../db/prepared.js';
import type { TenantEnv } from '../context.js';
import {
  availableWhere,
  marketForTradeOf,
  saveMarketStatesSql,
  TRADE_COLUMNS,
  type MarketForTrade,
  type TradeMarketRow,
} from './market-repo.js';
import { withSandboxShares } from './model/sandbox-influence.js';
import { isSlug } from './model/slug.js';

/** A market as a round holds it: locked, with the tenant environments it is available to. */
export interface HeldMarket {
  market: MarketForTrade;
  /** Each trade is judged against its own tenant environment (availableKey), by market-repo.ts's one rule. */
  availableTo: ReadonlySet<string>;
  /** Whether it had open limit orders when locked: the round reads them only then. */
  hasOpenOrders: boolean;
}

/**
 * The markets' slice of an engine round: the markets it locked and their states (q, and q_sandbox, the
 * shares sandbox positions hold) as the round's trades move them, saved set-based at the end with a price
 * point each (docs/architecture.md, "The write path").
 */
export class RoundMarkets {
  private readonly bySlug = new Map<string, HeldMarket>();
  private readonly moved = new Set<string>();

  constructor(private readonly byId: ReadonlyMap<string, HeldMarket>) {
    for (const held of byId.values()) this.bySlug.set(held.market.slug, held);
  }

  get(id: string): HeldMarket | undefined {
    return this.byId.get(id);
  }

  ids(): string[] {
    return [...this.byId.keys()];
  }

  /** A market the round holds that the tenant environment may trade on. */
  tradedBy(scope: TenantEnv, slug: string): HeldMarket | undefined {
    const held = this.bySlug.get(slug);
    return held && isAvailable(held, scope) ? held : undefined;
  }

  /** A trade moved the market to `q`. */
  move(held: HeldMarket, q: number[]): void {
    held.market.q = q;
    this.moved.add(held.market.id);
  }

  /**
   * A sandbox trade on a shared market: the shares open sandbox positions hold move with it (bought:
   * positive, sold: negative). Returns false, changing nothing, for any other trade.
   */
  moveSandbox(held: HeldMarket, scope: TenantEnv, outcomeId: string, shares: bigint): boolean {
    if (!movesSandbox(scope, held.market)) return false;
    const index = held.market.outcomes.findIndex((o) => o.id === outcomeId);
    held.market.qSandbox = withSandboxShares(held.market.qSandbox, index, shares);
    return true;
  }

  /** The moved markets' states and price points, as parts of the round's one statement. */
  writes(now: Date): RawBuilder<unknown>[] {
    if (this.moved.size === 0) return [];
    const states = [...this.moved].map((id) => {
      const { market } = this.byId.get(id)!;
      return { id, q: market.q, b: market.b, qSandbox: market.qSandbox };
    });
    return saveMarketStatesSql(states, now);
  }
}

/** A tenant environment as HeldMarket.availableTo names it. */
export const availableKey = (scope: TenantEnv) => `${scope.tenantId}/${scope.environment}`;

/** Whether a held market is available to the tenant environment. */
export const isAvailable = (held: HeldMarket, scope: TenantEnv) => held.availableTo.has(availableKey(scope));

/** Whether a trade in this scope moves the market's sandbox shares: a sandbox trade on a shared market. */
export const movesSandbox = (scope: TenantEnv, market: MarketForTrade) =>
  scope.environment === 'sandbox' && market.ownerTenantId === null;

/** The markets a round asked for: those it locked, and the ids and slugs of those another transaction holds. */
export interface LockedMarkets {
  locked: Map<string, HeldMarket>;
  held: { id: string; slug: string }[];
  /** Every existing market asked for, by slug: its id. */
  idOfSlug: Map<string, string>;
}

/**
 * Locks markets named by slug or id for an engine round, with what the round needs of each, in one
 * statement. With skipLocked a market another transaction holds (a settlement, another process's round)
 * is not waited for but reported held; without, they are taken in id order, as every transaction that
 * moves money takes markets first, then users (docs/architecture.md, "Locks").
 */
export async function lockRoundMarkets(
  tx: Executor,
  wanted: { slugs: readonly string[]; ids: readonly string[] },
  options: { skipLocked: boolean },
): Promise<LockedMarkets> {
  const slugs = wanted.slugs.filter(isSlug);
  const result: LockedMarkets = { locked: new Map(), held: [], idOfSlug: new Map() };
  if (slugs.length === 0 && wanted.ids.length === 0) return result;
  const { rows } = await prepared(sql<
    Partial<TradeMarketRow> & {
      wanted_id: string;
      wanted_slug: string;
      available_to: string[];
      has_open_orders: boolean;
    }
  >`
    with wanted as (
      select id, slug from markets where slug = any(${slugs}::text[]) or id = any(${[...wanted.ids]}::uuid[])
    ), locked as (
      select m.* from markets m where m.id in (select id from wanted)
      order by m.id for update of m ${options.skipLocked ? sql`skip locked` : sql``}
    )
    select w.id as wanted_id, w.slug as wanted_slug, ${TRADE_COLUMNS},
           array(select t.tenant_id::text || '/' || env.environment
                 from tenant_markets t cross join unnest(array['sandbox', 'live']) as env(environment)
                 where t.market_id = m.id and ${availableWhere(sql`t.tenant_id`, sql`env.environment`)}) as available_to,
           exists (select 1 from orders o where o.market_id = m.id and o.status = 'open') as has_open_orders
    from wanted w left join locked m on m.id = w.id`).execute(tx);
  for (const row of rows) {
    result.idOfSlug.set(row.wanted_slug, row.wanted_id);
    if (row.id === null || row.id === undefined) {
      result.held.push({ id: row.wanted_id, slug: row.wanted_slug });
      continue;
    }
    const market = marketForTradeOf(row as TradeMarketRow);
    result.locked.set(market.id, {
      market,
      availableTo: new Set(row.available_to),
      hasOpenOrders: row.has_open_orders,
    });
  }
  return result;
}
