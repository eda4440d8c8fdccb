import type { Db } from '../../db/connection.js';
import { ApiError } from '../../errors/index.js';
import { listTenantKeys } from '../api-keys/api-key-repo.js';
import { findTenant, listEnvironmentSettings } from './tenant-repo.js';

/** The tenant with its environments' settings and its keys' metadata; never a secret or a key. */
export async function getTenant(deps: { db: Db }, tenantId: string) {
  const tenant = await findTenant(deps.db, tenantId);
  if (!tenant) throw new ApiError('not_found', `No tenant ${tenantId}.`);
  const [environments, keys] = await Promise.all([
    listEnvironmentSettings(deps.db, tenantId),
    listTenantKeys(deps.db, tenantId),
  ]);
  return { tenant, environments, keys };
}
