import type { Db } from '../../db/connection.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { insertTenant, type TenantRow } from './tenant-repo.js';

/** Creates an active tenant with its sandbox and live environments (no webhook, no origins, no keys yet). */
export async function createTenant(deps: { db: Db; clock: Clock }, name: string): Promise<TenantRow> {
  const tenant: TenantRow = { id: newId(), name, status: 'active', createdAt: deps.clock.now() };
  await deps.db.transaction().execute((tx) => insertTenant(tx, tenant));
  return tenant;
}
