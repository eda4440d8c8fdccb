import type { Executor } from '../../db/connection.js';
import type { TenantPauseName } from './model/switches.js';

export interface TenantPauseRow {
  tenantId: string;
  name: TenantPauseName;
  paused: boolean;
  reason: string | null;
  changedBy: string;
  updatedAt: Date;
}

const COLUMNS = ['tenant_id', 'name', 'paused', 'reason', 'changed_by', 'updated_at'] as const;

const rowOf = (r: {
  tenant_id: string;
  name: TenantPauseName;
  paused: boolean;
  reason: string | null;
  changed_by: string;
  updated_at: Date;
}): TenantPauseRow => ({
  tenantId: r.tenant_id,
  name: r.name,
  paused: r.paused,
  reason: r.reason,
  changedBy: r.changed_by,
  updatedAt: r.updated_at,
});

export async function upsertTenantPause(
  db: Executor,
  change: { tenantId: string; name: TenantPauseName; paused: boolean; reason: string | null; changedBy: string },
  now: Date,
): Promise<TenantPauseRow> {
  const values = { paused: change.paused, reason: change.reason, changed_by: change.changedBy, updated_at: now };
  const row = await db
    .insertInto('tenant_pauses')
    .values({ tenant_id: change.tenantId, name: change.name, ...values })
    .onConflict((oc) => oc.columns(['tenant_id', 'name']).doUpdateSet(values))
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return rowOf(row);
}

/** One tenant's pauses as last set (paused or resumed); a name never set has no row. */
export async function selectTenantPauses(db: Executor, tenantId: string): Promise<TenantPauseRow[]> {
  return (await db.selectFrom('tenant_pauses').select(COLUMNS).where('tenant_id', '=', tenantId).execute()).map(rowOf);
}

/** Every pause in force, with its tenant's name (the overview; every process's cache). */
export async function selectPausesInForce(db: Executor): Promise<(TenantPauseRow & { tenantName: string })[]> {
  const rows = await db
    .selectFrom('tenant_pauses as p')
    .innerJoin('tenants as t', 't.id', 'p.tenant_id')
    .select(['p.tenant_id', 'p.name', 'p.paused', 'p.reason', 'p.changed_by', 'p.updated_at', 't.name as tenant_name'])
    .where('p.paused', '=', true)
    .orderBy('t.name')
    .orderBy('p.name')
    .execute();
  return rows.map((r) => ({ ...rowOf(r), tenantName: r.tenant_name }));
}

/** Which of `tenantIds` have `name` paused now (a round's limit orders). */
export async function selectPausedAmong(
  db: Executor,
  name: TenantPauseName,
  tenantIds: readonly string[],
): Promise<Set<string>> {
  if (tenantIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('tenant_pauses')
    .select('tenant_id')
    .where('name', '=', name)
    .where('paused', '=', true)
    .where('tenant_id', 'in', [...tenantIds])
    .execute();
  return new Set(rows.map((r) => r.tenant_id));
}
