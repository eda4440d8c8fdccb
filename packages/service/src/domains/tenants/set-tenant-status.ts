import type { Db } from '../../db/connection.js';
import { ApiError } from '../../errors/index.js';
import type { Clock } from '../../lib/clock.js';
import { revokeTenantKeys } from '../api-keys/api-key-repo.js';
import { updateTenantStatus, type TenantRow } from './tenant-repo.js';

/**
 * Suspends (revoking every API key at once, spec 5.1) or reactivates a tenant. Reactivation does not
 * bring revoked keys back: the platform issues new ones. Repeating either is harmless.
 */
export async function setTenantStatus(
  deps: { db: Db; clock: Clock },
  tenantId: string,
  status: TenantRow['status'],
): Promise<TenantRow> {
  const now = deps.clock.now();
  const tenant = await deps.db.transaction().execute(async (tx) => {
    const updated = await updateTenantStatus(tx, tenantId, status, now);
    if (updated && status === 'suspended') await revokeTenantKeys(tx, tenantId, now);
    return updated;
  });
  if (!tenant) throw new ApiError('not_found', `No tenant ${tenantId}.`);
  return tenant;
}
