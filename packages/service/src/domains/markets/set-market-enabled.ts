import { ok, rejected, type Result } from '../../errors/index.js';
import type { Ctx } from '../context.js';
import { existingTenant } from '../tenants/index.js';
import { disableMarket, enableMarket, findMarketBySlug } from './market-repo.js';

export interface TenantMarket {
  tenantId: string;
  marketSlug: string;
  enabled: boolean;
}

/**
 * Enables or disables a market for a tenant, in both of its environments at once. Repeating either is
 * harmless. Disabling hides the market from the tenant's feed and trades; positions already open on it
 * are not touched (they still settle when the market is resolved or voided).
 */
export async function setMarketEnabled(ctx: Ctx, input: TenantMarket): Promise<Result<TenantMarket>> {
  const { tenantId, marketSlug, enabled } = input;
  const [tenant, market] = await Promise.all([existingTenant(ctx, tenantId), findMarketBySlug(ctx.db, marketSlug)]);
  if (!tenant.ok) return tenant;
  if (!market) return rejected('not_found', `No market ${marketSlug}.`);
  if (market.ownerTenantId !== null) {
    // Its owner has it from creation on; nobody else ever may (the database refuses it too).
    return rejected('not_found', `${marketSlug} is a tenant's sandbox test market, not a shared market to enable.`);
  }
  if (enabled) await enableMarket(ctx.db, tenantId, market.id, ctx.now);
  else await disableMarket(ctx.db, tenantId, market.id);
  return ok({ tenantId, marketSlug: market.slug, enabled });
}
