import { sql } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { Environment } from '../../db/schema.js';
import type { TenantEnv } from '../context.js';

/** A balance-sync request found to disagree with the ledger (docs/operator-api.md, "Reconciliation"), reported once. */
export interface Discrepancy {
  id: string;
  seq: bigint;
  reportId: string;
  tenantId: string;
  environment: Environment;
  externalUserId: string;
  /** The Idempotency-Key of the balance-sync request it is about, for the operator to find it. */
  idempotencyKey: string;
  ledgerBalance: bigint;
  operatorBalance: bigint;
  delta: bigint;
  createdAt: Date;
}

export interface NewDiscrepancy {
  id: string;
  tenantId: string;
  environment: Environment;
  userId: string;
  balanceSyncId: string;
  ledgerBalance: bigint;
  operatorBalance: bigint;
  delta: bigint;
}

/**
 * Inserts what a run found and answers the ids of the rows it inserted: a request some run reported
 * before, or one a concurrent run inserts first, conflicts on the unique balance_sync_id and is left
 * out, so each request is reported once however runs repeat or overlap. Rows go in balance_sync_id
 * order, so two runs that meet on the same requests wait on each other in one order and never deadlock.
 */
export async function insertDiscrepancies(
  tx: Executor,
  reportId: string,
  found: readonly NewDiscrepancy[],
  now: Date,
): Promise<Map<string, bigint>> {
  if (found.length === 0) return new Map();
  const { rows } = await sql<{ id: string; seq: bigint }>`
    insert into reconciliation_discrepancies
      (id, report_id, tenant_id, environment, user_id, balance_sync_id, ledger_balance_minor,
       operator_balance_minor, delta_minor, created_at)
    select d.id, ${reportId}, d.tenant_id, d.environment, d.user_id, d.sync_id, d.ledger, d.operator, d.delta, ${now}
    from unnest(${found.map((f) => f.id)}::uuid[], ${found.map((f) => f.tenantId)}::uuid[],
                ${found.map((f) => f.environment)}::text[], ${found.map((f) => f.userId)}::uuid[],
                ${found.map((f) => f.balanceSyncId)}::uuid[], ${found.map((f) => f.ledgerBalance)}::bigint[],
                ${found.map((f) => f.operatorBalance)}::bigint[], ${found.map((f) => f.delta)}::bigint[])
      as d(id, tenant_id, environment, user_id, sync_id, ledger, operator, delta)
    order by d.sync_id
    on conflict (balance_sync_id) do nothing
    returning id, seq`.execute(tx);
  return new Map(rows.map((r) => [r.id, r.seq]));
}

export interface DiscrepancyFilter {
  /** A tenant environment's own; every tenant's when absent (the platform). */
  scope?: TenantEnv;
  externalUserId?: string;
  reportId?: string;
  tenantId?: string;
  environment?: Environment;
  afterSeq: bigint | null;
  limit: number;
  /** The latest `limit`, newest first, without paging (the tenant portal's lists). */
  newestFirst?: boolean;
}

/** Discrepancies oldest first, limit + 1 of them (pageFrom's look-ahead). */
export async function findDiscrepancies(db: Executor, filter: DiscrepancyFilter): Promise<Discrepancy[]> {
  let query = db
    .selectFrom('reconciliation_discrepancies as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .innerJoin('balance_syncs as b', 'b.id', 'd.balance_sync_id')
    .select([
      'd.id',
      'd.seq',
      'd.report_id',
      'd.tenant_id',
      'd.environment',
      'u.external_user_id',
      'b.idempotency_key',
      'd.ledger_balance_minor',
      'd.operator_balance_minor',
      'd.delta_minor',
      'd.created_at',
    ])
    .orderBy('d.seq', filter.newestFirst ? 'desc' : 'asc')
    .limit(filter.limit + 1);
  if (filter.scope)
    query = query
      .where('d.tenant_id', '=', filter.scope.tenantId)
      .where('d.environment', '=', filter.scope.environment);
  if (filter.externalUserId !== undefined) query = query.where('u.external_user_id', '=', filter.externalUserId);
  if (filter.reportId !== undefined) query = query.where('d.report_id', '=', filter.reportId);
  if (filter.tenantId !== undefined) query = query.where('d.tenant_id', '=', filter.tenantId);
  if (filter.environment !== undefined) query = query.where('d.environment', '=', filter.environment);
  if (filter.afterSeq !== null) query = query.where('d.seq', '>', filter.afterSeq);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    seq: r.seq,
    reportId: r.report_id,
    tenantId: r.tenant_id,
    environment: r.environment,
    externalUserId: r.external_user_id,
    idempotencyKey: r.idempotency_key,
    ledgerBalance: r.ledger_balance_minor,
    operatorBalance: r.operator_balance_minor,
    delta: r.delta_minor,
    createdAt: r.created_at,
  }));
}

/** Discrepancies found since `since`, per tenant environment (the panel's overview). */
export async function countDiscrepanciesSince(
  db: Executor,
  since: Date,
  tenantId?: string,
): Promise<{ tenantId: string; environment: Environment; discrepancies: number }[]> {
  const rows = await db
    .selectFrom('reconciliation_discrepancies')
    .select(['tenant_id', 'environment', (eb) => eb.fn.countAll<bigint>().as('n')])
    .$if(tenantId !== undefined, (q) => q.where('tenant_id', '=', tenantId!))
    .where('created_at', '>=', since)
    .groupBy(['tenant_id', 'environment'])
    .execute();
  return rows.map((r) => ({ tenantId: r.tenant_id, environment: r.environment, discrepancies: Number(r.n) }));
}
