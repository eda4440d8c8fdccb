import { sql, type RawBuilder } from 'kysely';
import { STREAM_BATCH, type Executor } from '../../db/connection.js';
import { runPrepared } from '../../db/prepared.js';
import type { Environment, PositionState } from '../../db/schema.js';
import type { TenantEnv } from '../context.js';
import type { OutcomeOpenTotals } from './model/exposure.js';
import type { TenantOutcomeTotals } from './model/market-exposure.js';
import type { PositionView } from './schemas.js';

export interface NewPosition {
  id: string;
  userId: string;
  marketId: string;
  outcomeId: string;
  stake: bigint;
  shares: bigint;
  priceMicro: bigint;
  openTransactionId: string;
  openedVia: 'api_key' | 'session' | 'order';
  orderId: string | null;
}

/** The insert of new open positions, as a part of an engine round's one statement (engine/writes.ts). */
export function insertPositionsSql(
  positions: readonly (NewPosition & { scope: TenantEnv })[],
  now: Date,
): RawBuilder<unknown> {
  const column = <T>(pick: (p: NewPosition & { scope: TenantEnv }) => T) => positions.map(pick);
  return sql`
    insert into positions
      (id, tenant_id, environment, user_id, market_id, outcome_id, state, stake_minor, shares_units, price_micro,
       open_transaction_id, opened_via, order_id, opened_at)
    select p.id, p.tenant_id, p.environment, p.user_id, p.market_id, p.outcome_id, 'open', p.stake, p.shares,
           p.price, p.open_transaction_id, p.opened_via, p.order_id, ${now}
    from unnest(${column((p) => p.id)}::uuid[], ${column((p) => p.scope.tenantId)}::uuid[],
                ${column((p) => p.scope.environment)}::text[], ${column((p) => p.userId)}::uuid[],
                ${column((p) => p.marketId)}::uuid[], ${column((p) => p.outcomeId)}::uuid[],
                ${column((p) => p.stake)}::bigint[], ${column((p) => p.shares)}::bigint[],
                ${column((p) => p.priceMicro)}::bigint[], ${column((p) => p.openTransactionId)}::uuid[],
                ${column((p) => p.openedVia)}::text[], ${column((p) => p.orderId)}::uuid[])
      with ordinality as p(id, tenant_id, environment, user_id, market_id, outcome_id, stake, shares, price,
                           open_transaction_id, opened_via, order_id, n)
    order by p.n`;
}

function viewQuery(db: Executor, scope: TenantEnv) {
  return unscopedViewQuery(db).where('p.tenant_id', '=', scope.tenantId).where('p.environment', '=', scope.environment);
}

/** Positions with their user's and market's names, across tenant environments: callers scope it. */
function unscopedViewQuery(db: Executor) {
  return db
    .selectFrom('positions as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .innerJoin('markets as m', 'm.id', 'p.market_id')
    .select([
      'p.seq',
      'p.id',
      'p.user_id',
      'p.market_id',
      'u.external_user_id',
      'm.slug',
      'p.outcome_id',
      'p.state',
      'p.stake_minor',
      'p.shares_units',
      'p.price_micro',
      'p.payout_minor',
      'p.close_price_micro',
      'p.open_transaction_id',
      'p.settlement_transaction_id',
      'p.opened_at',
      'p.closed_at',
      'p.settled_at',
    ]);
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof viewQuery>['executeTakeFirstOrThrow']>>;

export interface PositionRow extends PositionView {
  seq: bigint;
  userId: string;
  marketId: string;
}

function toView(r: ViewRow): PositionRow {
  return {
    seq: r.seq,
    id: r.id,
    userId: r.user_id,
    marketId: r.market_id,
    externalUserId: r.external_user_id,
    marketSlug: r.slug,
    outcomeId: r.outcome_id,
    state: r.state,
    stake: r.stake_minor,
    shares: r.shares_units,
    priceMicro: r.price_micro,
    payout: r.payout_minor,
    closePriceMicro: r.close_price_micro,
    openTransactionId: r.open_transaction_id,
    settlementTransactionId: r.settlement_transaction_id,
    openedAt: r.opened_at,
    closedAt: r.closed_at,
    settledAt: r.settled_at,
  };
}

/** One position of a tenant environment; with lock, its row stays locked for the transaction. */
export async function findPosition(
  db: Executor,
  scope: TenantEnv,
  id: string,
  lock = false,
): Promise<PositionRow | null> {
  let query = viewQuery(db, scope).where('p.id', '=', id);
  if (lock) query = query.forUpdate('p');
  const row = await query.executeTakeFirst();
  return row ? toView(row) : null;
}

/**
 * Positions by id, of any tenant environment, for the realtime stream: it routes each to the streams of
 * the position's own user (PositionRow.userId), never by the id alone.
 */
export async function findPositionsByIds(db: Executor, ids: readonly string[]): Promise<PositionRow[]> {
  if (ids.length === 0) return [];
  const rows = await unscopedViewQuery(db)
    .where('p.id', '=', sql<string>`any(${[...ids]}::uuid[])`)
    .execute();
  return rows.map(toView);
}

/** A position by id, of any tenant environment, with that tenant environment. `id` must be a UUID. */
export async function findPositionById(db: Executor, id: string): Promise<(PositionRow & { scope: TenantEnv }) | null> {
  const row = await unscopedViewQuery(db)
    .select(['p.tenant_id', 'p.environment'])
    .where('p.id', '=', id)
    .executeTakeFirst();
  return row ? { ...toView(row), scope: { tenantId: row.tenant_id, environment: row.environment } } : null;
}

export interface PositionFilter {
  externalUserId?: string;
  marketSlug?: string;
  state?: PositionState;
  afterSeq: bigint | null;
  limit: number;
  /** Newest first (a page of someone's latest), `afterSeq` then counting down. */
  newestFirst?: boolean;
}

/** Oldest first (or newest first), limit + 1 rows (the caller pages). */
export async function listPositionRows(db: Executor, scope: TenantEnv, f: PositionFilter): Promise<PositionRow[]> {
  let query = viewQuery(db, scope);
  if (f.externalUserId !== undefined) query = query.where('u.external_user_id', '=', f.externalUserId);
  if (f.marketSlug !== undefined) query = query.where('m.slug', '=', f.marketSlug);
  if (f.state !== undefined) query = query.where('p.state', '=', f.state);
  if (f.afterSeq !== null) query = query.where('p.seq', f.newestFirst ? '<' : '>', f.afterSeq);
  const rows = await query
    .orderBy('p.seq', f.newestFirst ? 'desc' : 'asc')
    .limit(f.limit + 1)
    .execute();
  return rows.map(toView);
}

export interface Closing {
  id: string;
  payout: bigint;
  closePriceMicro: bigint;
  transactionId: string;
  via: 'api_key' | 'session';
}

/** The update that closes positions, as a part of an engine round's one statement (engine/writes.ts). */
export function closePositionsSql(closings: readonly Closing[], now: Date): RawBuilder<unknown> {
  return sql`
    update positions p
    set state = 'closed', payout_minor = c.payout, close_price_micro = c.close_price,
        settlement_transaction_id = c.transaction_id, closed_via = c.via, closed_at = ${now}
    from unnest(${closings.map((c) => c.id)}::uuid[], ${closings.map((c) => c.payout)}::bigint[],
                ${closings.map((c) => c.closePriceMicro)}::bigint[], ${closings.map((c) => c.transactionId)}::uuid[],
                ${closings.map((c) => c.via)}::text[]) as c(id, payout, close_price, transaction_id, via)
    where p.id = c.id and p.state = 'open'`;
}

/**
 * Positions by id with their rows locked for the transaction, of any tenant environment: the caller
 * has already checked each is the asker's to see (the ids come from getPosition).
 */
export async function lockPositionsByIds(tx: Executor, ids: readonly string[]): Promise<Map<string, PositionRow>> {
  if (ids.length === 0) return new Map();
  const rows = await runPrepared(
    tx,
    unscopedViewQuery(tx)
      .where('p.id', '=', sql<string>`any(${[...new Set(ids)]}::uuid[])`)
      .orderBy('p.id')
      .forUpdate('p'),
  );
  return new Map(rows.map((row) => [row.id, toView(row)]));
}

/**
 * Every position opened in [from, to), oldest first, through a server-side cursor (reports): memory
 * holds one batch. `db` should hold one snapshot (a transaction).
 */
export async function* streamPositionRows(
  db: Executor,
  scope: TenantEnv,
  range: { from: Date | null; to: Date | null },
): AsyncGenerator<PositionRow> {
  let query = viewQuery(db, scope);
  if (range.from !== null) query = query.where('p.opened_at', '>=', range.from);
  if (range.to !== null) query = query.where('p.opened_at', '<', range.to);
  for await (const row of query.orderBy('p.seq').stream(STREAM_BATCH)) yield toView(row);
}

/**
 * A tenant environment's open positions on one market, summed per outcome (the exposure: docs/operator-api.md,
 * "Self-service, test markets and exposure"). What a position pays if its outcome wins is the settlement's
 * settled_win payout (settledWinPayout): stake / price at open rounded down to the cent, rounded per position before the
 * sum, as settlement pays it. In numeric, since stake * 10^6 may pass bigint; sums come back as text.
 */
export async function openPositionTotals(
  db: Executor,
  scope: TenantEnv,
  marketId: string,
): Promise<OutcomeOpenTotals[]> {
  const { rows } = await sql<{ outcome_id: string; positions: number; stake: string; payout: string }>`
    select outcome_id, count(*)::int as positions, sum(stake_minor)::text as stake,
           sum(div(stake_minor::numeric * 1000000, price_micro))::text as payout
    from positions
    where market_id = ${marketId} and state = 'open' and tenant_id = ${scope.tenantId}
      and environment = ${scope.environment}
    group by outcome_id`.execute(db);
  return rows.map((r) => ({
    outcomeId: r.outcome_id,
    positions: r.positions,
    stake: BigInt(r.stake),
    payoutIfWins: BigInt(r.payout),
  }));
}

/**
 * openPositionTotals for every tenant environment at once, in one statement (the platform's view of a
 * market): one row per tenant, environment and outcome that has open positions.
 */
export async function openPositionTotalsByTenant(db: Executor, marketId: string): Promise<TenantOutcomeTotals[]> {
  const { rows } = await sql<{
    tenant_id: string;
    environment: Environment;
    outcome_id: string;
    positions: number;
    stake: string;
    payout: string;
  }>`
    select tenant_id, environment, outcome_id, count(*)::int as positions, sum(stake_minor)::text as stake,
           sum(div(stake_minor::numeric * 1000000, price_micro))::text as payout
    from positions
    where market_id = ${marketId} and state = 'open'
    group by tenant_id, environment, outcome_id
    order by tenant_id, environment, outcome_id`.execute(db);
  return rows.map((r) => ({
    tenantId: r.tenant_id,
    environment: r.environment,
    outcomeId: r.outcome_id,
    positions: r.positions,
    stake: BigInt(r.stake),
    payoutIfWins: BigInt(r.payout),
  }));
}

/** The states a position ends in at a market's resolve or void (a close is not one of them). */
export type SettledState = 'settled_win' | 'settled_loss' | 'voided';

/** A position as a market's resolve, void or correction reads it (domains/settlement). */
export interface SettleablePosition {
  id: string;
  tenantId: string;
  environment: Environment;
  userId: string;
  externalUserId: string;
  outcomeId: string;
  state: 'open' | SettledState;
  stake: bigint;
  priceMicro: bigint;
  payout: bigint | null;
  settlementTransactionId: string | null;
  /** When it was first settled or voided; a correction keeps it (the leaderboard's period). */
  settledAt: Date | null;
}

/**
 * A market's positions in the given states, oldest first, of every tenant environment. Closed positions
 * are never asked for: a settlement or correction leaves them as they are.
 */
export async function marketPositionsInStates(
  db: Executor,
  marketId: string,
  states: readonly ('open' | SettledState)[],
): Promise<SettleablePosition[]> {
  const rows = await db
    .selectFrom('positions as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select([
      'p.id',
      'p.tenant_id',
      'p.environment',
      'p.user_id',
      'u.external_user_id',
      'p.outcome_id',
      'p.state',
      'p.stake_minor',
      'p.price_micro',
      'p.payout_minor',
      'p.settlement_transaction_id',
      'p.settled_at',
    ])
    .where('p.market_id', '=', marketId)
    .where('p.state', 'in', [...states])
    .orderBy('p.seq')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    tenantId: r.tenant_id,
    environment: r.environment,
    userId: r.user_id,
    externalUserId: r.external_user_id,
    outcomeId: r.outcome_id,
    state: r.state as SettleablePosition['state'],
    stake: r.stake_minor,
    priceMicro: r.price_micro,
    payout: r.payout_minor,
    settlementTransactionId: r.settlement_transaction_id,
    settledAt: r.settled_at,
  }));
}

/** A position's new standing after a resolve, void or correction. */
export interface PositionSettlement {
  id: string;
  state: SettledState;
  payout: bigint;
  settlementTransactionId: string | null;
}

/**
 * Moves positions to their settled standing in one statement. settled_at is set at the first ending and
 * kept through corrections, so a position stays in the leaderboard's period it first ended in.
 */
export async function settlePositions(
  tx: Executor,
  settlements: readonly PositionSettlement[],
  now: Date,
): Promise<void> {
  if (settlements.length === 0) return;
  await sql`
    update positions p
    set state = s.state, payout_minor = s.payout, settlement_transaction_id = s.tx, settled_at = coalesce(p.settled_at, ${now})
    from unnest(${settlements.map((s) => s.id)}::uuid[], ${settlements.map((s) => s.state)}::text[],
                ${settlements.map((s) => s.payout)}::bigint[], ${settlements.map((s) => s.settlementTransactionId)}::uuid[])
      as s(id, state, payout, tx)
    where p.id = s.id`.execute(tx);
}
