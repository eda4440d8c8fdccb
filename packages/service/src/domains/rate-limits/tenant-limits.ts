import { ok, type Result } from '../../errors/index.js';
import type { Ctx } from '../context.js';
import { existingTenant } from '../tenants/index.js';
import { LIMITED_TIERS, SPEC_LIMITS, type LimitedTier, type RaisableTier, type RaisedLimits } from './model/tiers.js';
import { raisedLimitsOf, upsertRaisedLimits } from './tenant-limits-repo.js';

export type TenantLimits = Record<LimitedTier, { tenant: number; endUser: number | null }>;

/** Every tier's limits for the tenant: the usual ones, with its raised tenant limits in place. */
export async function getTenantLimits(ctx: Ctx, tenantId: string): Promise<Result<TenantLimits>> {
  const tenant = await existingTenant(ctx, tenantId);
  if (!tenant.ok) return tenant;
  return ok(limitsWith(await raisedLimitsOf(ctx.db, tenantId)));
}

/** Raises (or sets back) tenant limits of balance_sync, positions and default; effective at once. */
export async function setTenantLimits(
  ctx: Ctx,
  input: { tenantId: string; limits: RaisedLimits },
): Promise<Result<TenantLimits>> {
  const tenant = await existingTenant(ctx, input.tenantId);
  if (!tenant.ok) return tenant;
  const entries = Object.entries(input.limits) as Array<[RaisableTier, number]>;
  await upsertRaisedLimits(ctx.db, input.tenantId, entries, ctx.now);
  return ok(limitsWith(await raisedLimitsOf(ctx.db, input.tenantId)));
}

function limitsWith(raised: RaisedLimits): TenantLimits {
  return Object.fromEntries(
    LIMITED_TIERS.map((tier) => [
      tier,
      { tenant: raised[tier as RaisableTier] ?? SPEC_LIMITS[tier].tenant, endUser: SPEC_LIMITS[tier].endUser },
    ]),
  ) as TenantLimits;
}
