import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { MarketStatus, MarketsTable } from '../../db/schema.js';
import type { TenantEnv } from '../context.js';
import { displayPrices } from './model/quotes.js';
import { microOf, type InfluenceBound } from './model/sandbox-influence.js';
import { isSlug } from './model/slug.js';

export type { MarketStatus };

export interface MarketOutcome {
  id: string;
  ordinal: number;
  title: string;
}

/** What a trade needs of a market, read under its row lock. */
export interface MarketForTrade {
  id: string;
  slug: string;
  status: MarketStatus;
  opensAt: Date;
  closesAt: Date;
  maxStakePerPosition: bigint;
  maxOpenStakePerUser: bigint;
  /** The liquidity as a float in currency units, as lmsr.ts takes it. */
  b: number;
  /** Outstanding shares per outcome, in ordinal order. */
  q: number[];
  /** Ordered by ordinal; outcome i of q is outcomes[i]. */
  outcomes: MarketOutcome[];
  /** The tenant whose sandbox test market this is (docs/operator-api.md, "Self-service, test markets and exposure"); null for a shared market. */
  ownerTenantId: string | null;
  /** The shares open sandbox positions hold per outcome, in 1e-8 units (model/sandbox-influence.ts). */
  qSandbox: bigint[];
  /** The bound sandbox trades meet; null when the market has none (or is a sandbox test market). */
  sandboxBound: InfluenceBound | null;
}

/** The whole market record. */
export interface MarketRecord extends MarketForTrade {
  title: string;
  /** The liquidity exactly as stored (numeric), for display. */
  liquidity: string;
  resolvedOutcomeId: string | null;
  /** sandbox_influence exactly as stored; null: no bound. */
  sandboxInfluence: string | null;
  /** What resolves the market and how (docs/platform-api.md, "Markets"); null: not given. */
  rules: string | null;
  /** Where the result comes from, text or an https URL; null: not given. */
  resolutionSource: string | null;
  /** When the market got the ending it has (its resolve or void, or a correction since); null while it is live. */
  resolvedAt: Date | null;
  createdAt: Date;
}

/** A markets row as MARKET_COLUMNS selects it: the table's columns and the outcomes as JSON. */
export type MarketRow = Omit<MarketsTable, 'updated_at'> & { outcomes: MarketOutcome[] | null };

/** A markets row as TRADE_COLUMNS selects it: without the texts written for the players. */
export type TradeMarketRow = Omit<MarketRow, 'rules' | 'resolution_source' | 'resolved_at'>;

/**
 * What a trade reads of a market with its outcomes in ordinal order, in one round trip (alias m). An
 * engine round reads these for every market it locks, so the rules and resolution source (up to 2,300
 * characters a market) are left to MARKET_COLUMNS.
 */
export const TRADE_COLUMNS = sql`
  m.id, m.slug, m.title, m.status, m.opens_at, m.closes_at, m.max_stake_per_position_minor,
  m.max_open_stake_per_user_minor, m.liquidity, m.q, m.resolved_outcome_id, m.created_at, m.owner_tenant_id,
  m.sandbox_influence, m.q_sandbox::text[] as q_sandbox,
  (select json_agg(json_build_object('id', o.id, 'ordinal', o.ordinal, 'title', o.title) order by o.ordinal)
     from market_outcomes o where o.market_id = m.id) as outcomes`;

/** The whole market's columns (alias m): a trade's and the market's facts. */
export const MARKET_COLUMNS = sql`${TRADE_COLUMNS}, m.rules, m.resolution_source, m.resolved_at`;

/**
 * The one availability rule: a market (alias m) is available to a tenant environment when it is enabled
 * for the tenant, and a sandbox test market (docs/operator-api.md, "Self-service, test markets and
 * exposure") only in the sandbox. In SQL because the feed's queries filter and page by it; an engine round
 * reads, with the market, the tenant environments it holds for (round-markets.ts), and only tests that set.
 */
export const availableWhere = (tenant: RawBuilder<unknown>, environment: RawBuilder<unknown>) =>
  sql`exists (select 1 from tenant_markets tm where tm.market_id = m.id and tm.tenant_id = ${tenant})
      and (m.owner_tenant_id is null or ${environment} = 'sandbox')`;

/** The availability rule for one tenant environment. */
export const enabledFor = (scope: TenantEnv) =>
  availableWhere(sql`${scope.tenantId}::uuid`, sql`${scope.environment}::text`);

/** What a trade needs of a market, from its row. */
export function marketForTradeOf(row: TradeMarketRow): MarketForTrade {
  return {
    id: row.id,
    slug: row.slug,
    status: row.status,
    opensAt: row.opens_at,
    closesAt: row.closes_at,
    maxStakePerPosition: row.max_stake_per_position_minor,
    maxOpenStakePerUser: row.max_open_stake_per_user_minor,
    b: Number(row.liquidity),
    q: row.q,
    outcomes: row.outcomes ?? [],
    ownerTenantId: row.owner_tenant_id,
    qSandbox: row.q_sandbox.map((units) => BigInt(units)),
    sandboxBound:
      row.sandbox_influence === null || row.owner_tenant_id !== null
        ? null
        : { influenceMicro: microOf(row.sandbox_influence), liquidityMicro: microOf(row.liquidity) },
  };
}

export function marketRecordOf(row: MarketRow): MarketRecord {
  return {
    ...marketForTradeOf(row),
    title: row.title,
    liquidity: row.liquidity,
    resolvedOutcomeId: row.resolved_outcome_id,
    sandboxInfluence: row.sandbox_influence,
    rules: row.rules,
    resolutionSource: row.resolution_source,
    resolvedAt: row.resolved_at,
    createdAt: row.created_at,
  };
}

/**
 * Markets matching `where` (alias m) with their outcomes, in one round trip; `tail` ends the statement
 * (an order, a limit, or the trading domain's `for update of m`).
 */
export async function queryMarkets(
  db: Executor,
  where: RawBuilder<unknown>,
  tail: RawBuilder<unknown> = sql``,
): Promise<MarketRecord[]> {
  const result = await sql<MarketRow>`select ${MARKET_COLUMNS} from markets m where ${where} ${tail}`.execute(db);
  return result.rows.map(marketRecordOf);
}

/**
 * Writes a market's new q and records the prices it shows as a price point at now, in one statement.
 * The caller holds the market's row lock (market-lock.ts), so points of one market are recorded in the
 * order of its trades.
 */
export async function saveMarketState(
  tx: Executor,
  marketId: string,
  q: number[],
  b: number,
  now: Date,
): Promise<void> {
  const [state, point] = saveMarketStateSql(marketId, q, b, now);
  await sql`with updated as (${state}) ${point}`.execute(tx);
}

/** saveMarketState's two statements, to run together. */
export function saveMarketStateSql(
  marketId: string,
  q: number[],
  b: number,
  now: Date,
): [RawBuilder<unknown>, RawBuilder<unknown>] {
  return [
    sql`update markets set q = ${q}::double precision[], updated_at = ${now} where id = ${marketId}`,
    sql`insert into price_points (market_id, ts, prices) values (${marketId}, ${now}, ${displayPrices(q, b)}::bigint[])`,
  ];
}

/** Markets by id (any status, enabled or not), for presenting positions and orders. */
export async function findMarketsByIds(db: Executor, ids: readonly string[]): Promise<Map<string, MarketRecord>> {
  if (ids.length === 0) return new Map();
  const markets = await queryMarkets(db, sql`m.id = any(${[...new Set(ids)]}::uuid[])`);
  return new Map(markets.map((m) => [m.id, m]));
}

export async function findMarketBySlug(db: Executor, slug: string): Promise<MarketRecord | null> {
  if (!isSlug(slug)) return null;
  const [market] = await queryMarkets(db, sql`m.slug = ${slug}`);
  return market ?? null;
}

/** A market by slug, only when it is enabled for the tenant environment. */
export async function findEnabledMarket(db: Executor, scope: TenantEnv, slug: string): Promise<MarketRecord | null> {
  if (!isSlug(slug)) return null;
  const [market] = await queryMarkets(db, sql`m.slug = ${slug} and ${enabledFor(scope)}`);
  return market ?? null;
}

/** The markets of these slugs that are enabled for the tenant environment (slugs that are not slugs name none). */
export async function findEnabledMarkets(
  db: Executor,
  scope: TenantEnv,
  slugs: readonly string[],
): Promise<MarketRecord[]> {
  const valid = slugs.filter(isSlug);
  if (valid.length === 0) return [];
  return queryMarkets(db, sql`m.slug = any(${valid}::text[]) and ${enabledFor(scope)}`);
}

/** Markets enabled for the tenant environment, by slug, after a slug (keyset pagination), optionally of one status. */
export async function listEnabledMarkets(
  db: Executor,
  scope: TenantEnv,
  page: { afterSlug: string | null; limit: number; status?: MarketStatus },
): Promise<MarketRecord[]> {
  const after = page.afterSlug === null ? sql`true` : sql`m.slug > ${page.afterSlug}`;
  const status = page.status === undefined ? sql`true` : sql`m.status = ${page.status}`;
  return queryMarkets(
    db,
    sql`${enabledFor(scope)} and ${after} and ${status}`,
    sql`order by m.slug limit ${page.limit}`,
  );
}

export interface NewMarketRow {
  id: string;
  slug: string;
  title: string;
  opensAt: Date;
  closesAt: Date;
  maxStakePerPosition: bigint;
  maxOpenStakePerUser: bigint;
  liquidity: string;
  q: number[];
  outcomes: MarketOutcome[];
  /** A sandbox test market's tenant (docs/operator-api.md, "Self-service, test markets and exposure"); absent for a shared market. */
  ownerTenantId?: string;
  /** ε of the sandbox bound, or null for none. */
  sandboxInfluence: string | null;
  rules: string | null;
  resolutionSource: string | null;
}

/**
 * Inserts an open market with its outcomes; false (and nothing written) when the slug is taken. The
 * conflict clause, not a prior read, decides, so two concurrent creations of one slug cannot both win.
 */
export async function insertMarket(tx: Executor, market: NewMarketRow, now: Date): Promise<boolean> {
  const inserted = await tx
    .insertInto('markets')
    .values({
      id: market.id,
      slug: market.slug,
      title: market.title,
      status: 'open',
      opens_at: market.opensAt,
      closes_at: market.closesAt,
      max_stake_per_position_minor: market.maxStakePerPosition,
      max_open_stake_per_user_minor: market.maxOpenStakePerUser,
      liquidity: market.liquidity,
      q: sql<number[]>`${market.q}::double precision[]`,
      resolved_outcome_id: null,
      owner_tenant_id: market.ownerTenantId ?? null,
      sandbox_influence: market.sandboxInfluence,
      q_sandbox: market.q.map(() => '0'),
      rules: market.rules,
      resolution_source: market.resolutionSource,
      resolved_at: null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('slug').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  await tx
    .insertInto('market_outcomes')
    .values(market.outcomes.map((o) => ({ id: o.id, market_id: market.id, ordinal: o.ordinal, title: o.title })))
    .execute();
  return true;
}

/**
 * Moves a market from one status to another, only if it is in `from` (a conditional update, so a
 * concurrent change cannot be overwritten); returns its id, or null when it is not in `from` or missing.
 * It waits for the row lock of any trade in progress on the market.
 */
export async function updateMarketStatus(
  tx: Executor,
  slug: string,
  from: MarketStatus,
  to: MarketStatus,
  now: Date,
): Promise<string | null> {
  if (!isSlug(slug)) return null;
  const row = await tx
    .updateTable('markets')
    .set({ status: to, updated_at: now })
    .where('slug', '=', slug)
    .where('status', '=', from)
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Enables a market for a tenant (both environments); enabling again keeps the first enabled_at. */
export async function enableMarket(db: Executor, tenantId: string, marketId: string, now: Date): Promise<void> {
  await db
    .insertInto('tenant_markets')
    .values({ tenant_id: tenantId, market_id: marketId, enabled_at: now })
    .onConflict((oc) => oc.columns(['tenant_id', 'market_id']).doNothing())
    .execute();
}

export async function disableMarket(db: Executor, tenantId: string, marketId: string): Promise<void> {
  await db.deleteFrom('tenant_markets').where('tenant_id', '=', tenantId).where('market_id', '=', marketId).execute();
}

/**
 * saveMarketState for several markets, set-based, as two parts of an engine round's one statement. The
 * q vectors travel as JSON text: a double prints as its shortest exact form and parses back to itself.
 */
export function saveMarketStatesSql(
  states: readonly { id: string; q: readonly number[]; b: number; qSandbox: readonly bigint[] }[],
  now: Date,
): [RawBuilder<unknown>, RawBuilder<unknown>] {
  const ids = states.map((s) => s.id);
  const qs = states.map((s) => JSON.stringify(s.q));
  const sandbox = states.map((s) => JSON.stringify(s.qSandbox.map(String)));
  const prices = states.map((s) => JSON.stringify(displayPrices([...s.q], s.b).map(String)));
  return [
    sql`update markets m set q = array(select e::double precision from jsonb_array_elements_text(s.q::jsonb) with ordinality x(e, n) order by n),
          q_sandbox = array(select e::numeric from jsonb_array_elements_text(s.q_sandbox::jsonb) with ordinality x(e, n) order by n),
          updated_at = ${now}
        from unnest(${ids}::uuid[], ${qs}::text[], ${sandbox}::text[]) as s(id, q, q_sandbox) where m.id = s.id`,
    sql`insert into price_points (market_id, ts, prices)
        select s.id, ${now}, array(select e::bigint from jsonb_array_elements_text(s.prices::jsonb) with ordinality x(e, n) order by n)
        from unnest(${ids}::uuid[], ${prices}::text[]) as s(id, prices)`,
  ];
}

/** The settings a PATCH may change; an absent one is left as it is, null clears it. */
export interface MarketSettings {
  sandboxInfluence?: string | null;
  rules?: string | null;
  resolutionSource?: string | null;
}

/** Writes a market's settings in one statement (waits for a trade holding its row). */
export async function setMarketSettings(
  db: Executor,
  marketId: string,
  settings: MarketSettings,
  now: Date,
): Promise<void> {
  await db
    .updateTable('markets')
    .set({
      ...(settings.sandboxInfluence !== undefined && { sandbox_influence: settings.sandboxInfluence }),
      ...(settings.rules !== undefined && { rules: settings.rules }),
      ...(settings.resolutionSource !== undefined && { resolution_source: settings.resolutionSource }),
      updated_at: now,
    })
    .where('id', '=', marketId)
    .execute();
}

/**
 * Ends a market: resolved with its winning outcome, or voided (its settlement moves the positions). Also
 * a correction's new ending: resolved_at is the time of the ending the market has now.
 */
export async function setMarketOutcome(
  tx: Executor,
  marketId: string,
  status: 'resolved' | 'voided',
  resolvedOutcomeId: string | null,
  now: Date,
): Promise<void> {
  // An ended market has no open position, so no sandbox shares held (docs/operator-api.md, "Sandbox influence").
  await tx
    .updateTable('markets')
    .set({
      status,
      resolved_outcome_id: resolvedOutcomeId,
      resolved_at: now,
      q_sandbox: sql<string[]>`array_fill(0::numeric, array[cardinality(q_sandbox)])`,
      updated_at: now,
    })
    .where('id', '=', marketId)
    .execute();
}
