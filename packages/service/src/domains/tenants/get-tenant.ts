import { ok, type Result } from '../../errors/index.js';
import { listTenantKeys, type ApiKeyRecord } from '../api-keys/index.js';
import type { Ctx } from '../context.js';
import { existingTenant } from './existing-tenant.js';
import { listEnvironmentSettings, type EnvironmentSettings, type TenantRow } from './tenant-repo.js';

export interface TenantWithSettings {
  tenant: TenantRow;
  environments: EnvironmentSettings[];
  keys: ApiKeyRecord[];
}

/** The tenant with its environments' settings and its keys' metadata; never a secret or a key. */
export async function getTenant(ctx: Ctx, tenantId: string): Promise<Result<TenantWithSettings>> {
  const tenant = await existingTenant(ctx, tenantId);
  if (!tenant.ok) return tenant;
  const [environments, keys] = await Promise.all([
    listEnvironmentSettings(ctx.db, tenantId),
    listTenantKeys(ctx.db, tenantId),
  ]);
  return ok({ tenant: tenant.value, environments, keys });
}
