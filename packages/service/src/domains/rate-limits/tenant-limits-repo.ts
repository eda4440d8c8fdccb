import type { Executor } from '../../db/connection.js';
import type { RaisableTier, RaisedLimits } from './model/tiers.js';

export async function raisedLimitsOf(db: Executor, tenantId: string): Promise<RaisedLimits> {
  const rows = await db
    .selectFrom('tenant_rate_limits')
    .select(['tier', 'per_minute'])
    .where('tenant_id', '=', tenantId)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.tier, r.per_minute]));
}

export async function upsertRaisedLimits(
  db: Executor,
  tenantId: string,
  limits: Array<[RaisableTier, number]>,
  now: Date,
): Promise<void> {
  if (limits.length === 0) return;
  await db
    .insertInto('tenant_rate_limits')
    .values(limits.map(([tier, perMinute]) => ({ tenant_id: tenantId, tier, per_minute: perMinute, updated_at: now })))
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'tier']).doUpdateSet((eb) => ({
        per_minute: eb.ref('excluded.per_minute'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}
