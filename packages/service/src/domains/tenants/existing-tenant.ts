import { ok, rejected, type Result } from '../../errors/index.js';
import { isUuid } from '../../lib/ids.js';
import type { Ctx } from '../context.js';
import { findTenant, type TenantRow } from './tenant-repo.js';

/** The tenant an id names; an unknown id, or one that is not a uuid, is not_found. */
export async function existingTenant(ctx: Ctx, tenantId: string): Promise<Result<TenantRow>> {
  const tenant = isUuid(tenantId) ? await findTenant(ctx.db, tenantId) : null;
  return tenant ? ok(tenant) : rejected('not_found', `No tenant ${tenantId}.`);
}
