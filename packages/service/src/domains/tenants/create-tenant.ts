import { newId } from '../../lib/ids.js';
import { withTransaction, type Ctx } from '../context.js';
import { insertTenant, type TenantRow } from './tenant-repo.js';

/** Creates an active tenant with its sandbox and live environments (no webhook, no origins, no keys yet). */
export async function createTenant(ctx: Ctx, input: { name: string }): Promise<TenantRow> {
  const tenant: TenantRow = { id: newId(), name: input.name, status: 'active', createdAt: ctx.now };
  await withTransaction(ctx, (tx) => insertTenant(tx.db, tenant));
  return tenant;
}
