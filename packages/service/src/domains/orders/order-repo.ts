import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/connection.js';
import { runPrepared } from '../../db/prepared.js';
import type { OrderStatus } from '../../db/schema.js';
import type { TenantEnv } from '../context.js';

/** An order with the names operators know it by (external_user_id, market_slug). */
export interface OrderView {
  id: string;
  seq: bigint;
  scope: TenantEnv;
  marketId: string;
  externalUserId: string;
  marketSlug: string;
  outcomeId: string;
  stake: bigint;
  limitPriceMicro: bigint;
  status: OrderStatus;
  fillPriceMicro: bigint | null;
  positionId: string | null;
  rejectCode: string | null;
  expiresAt: Date | null;
  createdAt: Date;
}

function viewQuery(db: Executor) {
  return db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .innerJoin('markets as m', 'm.id', 'o.market_id')
    .select([
      'o.id',
      'o.seq',
      'o.tenant_id',
      'o.environment',
      'o.market_id',
      'u.external_user_id',
      'm.slug',
      'o.outcome_id',
      'o.stake_minor',
      'o.limit_price_micro',
      'o.status',
      'o.fill_price_micro',
      'o.position_id',
      'o.reject_code',
      'o.expires_at',
      'o.created_at',
    ]);
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof viewQuery>['executeTakeFirstOrThrow']>>;

function toView(r: ViewRow): OrderView {
  return {
    id: r.id,
    seq: r.seq,
    scope: { tenantId: r.tenant_id, environment: r.environment },
    marketId: r.market_id,
    externalUserId: r.external_user_id,
    marketSlug: r.slug,
    outcomeId: r.outcome_id,
    stake: r.stake_minor,
    limitPriceMicro: r.limit_price_micro,
    status: r.status,
    fillPriceMicro: r.fill_price_micro,
    positionId: r.position_id,
    rejectCode: r.reject_code,
    expiresAt: r.expires_at,
    createdAt: r.created_at,
  };
}

/** One order of a tenant environment. */
export async function findOrder(db: Executor, scope: TenantEnv, id: string): Promise<OrderView | null> {
  const row = await viewQuery(db)
    .where('o.tenant_id', '=', scope.tenantId)
    .where('o.environment', '=', scope.environment)
    .where('o.id', '=', id)
    .executeTakeFirst();
  return row ? toView(row) : null;
}

/** An order by id, of any tenant environment (OrderView carries its scope). `id` must be a UUID. */
export async function findOrderById(db: Executor, id: string): Promise<OrderView | null> {
  const row = await viewQuery(db).where('o.id', '=', id).executeTakeFirst();
  return row ? toView(row) : null;
}

export interface OrderFilter {
  externalUserId?: string;
  status?: OrderStatus;
  afterSeq: bigint | null;
  limit: number;
}

/** Oldest first, limit + 1 rows (the caller pages). */
export async function listOrderRows(db: Executor, scope: TenantEnv, f: OrderFilter): Promise<OrderView[]> {
  let query = viewQuery(db).where('o.tenant_id', '=', scope.tenantId).where('o.environment', '=', scope.environment);
  if (f.externalUserId !== undefined) query = query.where('u.external_user_id', '=', f.externalUserId);
  if (f.status !== undefined) query = query.where('o.status', '=', f.status);
  if (f.afterSeq !== null) query = query.where('o.seq', '>', f.afterSeq);
  const rows = await query
    .orderBy('o.seq')
    .limit(f.limit + 1)
    .execute();
  return rows.map(toView);
}

export type OrderChange =
  | { status: 'filled'; fillPriceMicro: bigint; positionId: string }
  | { status: 'rejected'; rejectCode: string }
  | { status: 'expired' }
  | { status: 'cancelled' };

/**
 * Moves open orders to their final statuses, as a part of an engine round's one statement; an order no
 * longer open is left alone.
 */
export function finishOrdersSql(
  changes: readonly { id: string; change: OrderChange }[],
  now: Date,
): RawBuilder<unknown> {
  const of = <T>(pick: (change: OrderChange) => T) => changes.map((c) => pick(c.change));
  return sql`
    update orders o
    set status = c.status, fill_price_micro = c.fill_price, position_id = c.position_id, reject_code = c.reject_code,
        updated_at = ${now}
    from unnest(${changes.map((c) => c.id)}::uuid[], ${of((c) => c.status)}::text[],
                ${of((c) => (c.status === 'filled' ? c.fillPriceMicro : null))}::bigint[],
                ${of((c) => (c.status === 'filled' ? c.positionId : null))}::uuid[],
                ${of((c) => (c.status === 'rejected' ? c.rejectCode : null))}::text[])
      as c(id, status, fill_price, position_id, reject_code)
    where o.id = c.id and o.status = 'open'`;
}

/**
 * Expires open orders past expires_at, at most `limit` per call, oldest expiry first. SKIP LOCKED: an
 * order an evaluation holds is skipped (that evaluation checks the expiry itself), and several
 * processes can run this at once.
 */
export async function expireDueOrders(db: Executor, now: Date, limit: number): Promise<number> {
  const result = await sql`
    update orders set status = 'expired', updated_at = ${now}
    where status = 'open' and id in (
      select id from orders
      where status = 'open' and expires_at is not null and expires_at <= ${now}
      order by expires_at limit ${limit}
      for update skip locked)`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

/**
 * Rejects (validation_failed, the code an open would get) open orders on markets that can never trade
 * again: resolved, voided, or past closes_at. No trade happens there, so no evaluation would reach them.
 */
export async function rejectOrdersOfClosedMarkets(db: Executor, now: Date, limit: number): Promise<number> {
  const result = await sql`
    update orders set status = 'rejected', reject_code = 'validation_failed', updated_at = ${now}
    where status = 'open' and id in (
      select o.id from orders o join markets m on m.id = o.market_id
      where o.status = 'open' and (m.status in ('resolved', 'voided') or m.closes_at <= ${now})
      order by o.seq limit ${limit}
      for update of o skip locked)`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

/** The markets that have open orders (any tenant): what the periodic evaluation sweep visits. */
export async function marketsWithOpenOrders(db: Executor): Promise<{ id: string; slug: string }[]> {
  const rows = await sql<{ id: string; slug: string }>`
    select m.id, m.slug from markets m
    where m.id in (select distinct market_id from orders where status = 'open')`.execute(db);
  return rows.rows;
}

/**
 * The open orders of markets an engine round holds, oldest first, with their owners' user ids. Locked
 * skipping those another transaction holds (the expiry job): such an order waits for the next trade.
 */
export async function lockOpenOrdersOfMarkets(
  tx: Executor,
  marketIds: readonly string[],
  options: { skipLocked: boolean },
): Promise<(OrderView & { userId: string })[]> {
  if (marketIds.length === 0) return [];
  const query = viewQuery(tx)
    .select('o.user_id')
    .where('o.market_id', '=', sql<string>`any(${[...marketIds]}::uuid[])`)
    .where('o.status', '=', 'open')
    .orderBy('o.seq')
    .forUpdate('o');
  const rows = await runPrepared(tx, options.skipLocked ? query.skipLocked() : query);
  return rows.map((row) => ({ ...toView(row), userId: row.user_id }));
}

/** Which of these orders are still open (read without a lock): those a round did not lock are held elsewhere. */
export async function stillOpenOrders(db: Executor, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await runPrepared(
    db,
    db
      .selectFrom('orders')
      .select('id')
      .where('id', '=', sql<string>`any(${[...ids]}::uuid[])`)
      .where('status', '=', 'open'),
  );
  return rows.map((r) => r.id);
}

/** A new order written once, with the status its round left it in (it may fill in the round it is placed). */
export interface PlacedOrderRow {
  order: OrderView;
  userId: string;
}

/** The insert of new orders, as a part of an engine round's one statement. */
export function insertOrdersSql(placed: readonly PlacedOrderRow[], now: Date): RawBuilder<unknown> {
  const column = <T>(pick: (o: OrderView, userId: string) => T) => placed.map((p) => pick(p.order, p.userId));
  return sql`
    insert into orders
      (id, tenant_id, environment, user_id, market_id, outcome_id, stake_minor, limit_price_micro, status,
       fill_price_micro, position_id, reject_code, expires_at, created_at, updated_at)
    select o.id, o.tenant_id, o.environment, o.user_id, o.market_id, o.outcome_id, o.stake, o.limit_price, o.status,
           o.fill_price, o.position_id, o.reject_code, o.expires_at, ${now}, ${now}
    from unnest(${column((o) => o.id)}::uuid[], ${column((o) => o.scope.tenantId)}::uuid[],
                ${column((o) => o.scope.environment)}::text[], ${column((_o, userId) => userId)}::uuid[],
                ${column((o) => o.marketId)}::uuid[], ${column((o) => o.outcomeId)}::uuid[],
                ${column((o) => o.stake)}::bigint[], ${column((o) => o.limitPriceMicro)}::bigint[],
                ${column((o) => o.status)}::text[], ${column((o) => o.fillPriceMicro)}::bigint[],
                ${column((o) => o.positionId)}::uuid[], ${column((o) => o.rejectCode)}::text[],
                ${column((o) => o.expiresAt)}::timestamptz[])
      with ordinality as o(id, tenant_id, environment, user_id, market_id, outcome_id, stake, limit_price, status,
                           fill_price, position_id, reject_code, expires_at, n)
    order by o.n`;
}

/** A market that ended takes no more fills: its open orders expire (no event: only a fill sends one). */
export async function expireOpenOrdersOfMarket(tx: Executor, marketId: string, now: Date): Promise<void> {
  await tx
    .updateTable('orders')
    .set({ status: 'expired', updated_at: now })
    .where('market_id', '=', marketId)
    .where('status', '=', 'open')
    .execute();
}
