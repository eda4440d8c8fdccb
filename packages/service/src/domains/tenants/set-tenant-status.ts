import { ok, rejected, type Result } from '../../errors/index.js';
import { isUuid } from '../../lib/ids.js';
import { forgetKeysAfterCommit, revokeTenantKeys } from '../api-keys/index.js';
import { spendPortalLinks } from '../portal-links/index.js';
import { endTenantWebSessions } from '../web-sessions/index.js';
import { withTransaction, type Ctx } from '../context.js';
import { sessionsNotBeforeOf } from './model/sessions-not-before.js';
import { endTenantWidgetSessions, updateTenantStatus, type TenantRow } from './tenant-repo.js';

/**
 * Suspends (revoking every API key at once and ending every widget session token issued so far)
 * or reactivates a tenant. Reactivation brings back neither the revoked keys nor the ended sessions: the
 * platform issues new keys, and the operator mints new sessions with them. Repeating either is harmless.
 */
export async function setTenantStatus(
  ctx: Ctx,
  input: { tenantId: string; status: TenantRow['status'] },
): Promise<Result<TenantRow>> {
  const { tenantId, status } = input;
  const tenant = !isUuid(tenantId)
    ? null
    : await withTransaction(ctx, async (tx) => {
        const updated = await updateTenantStatus(tx.db, tenantId, status, ctx.now);
        if (updated) forgetKeysAfterCommit(tx, (keys) => keys.forgetTenant(tenantId));
        if (updated && status === 'suspended') {
          // Everything that reaches the tenant's data ends, and nothing comes back on reactivation.
          await revokeTenantKeys(tx.db, tenantId, ctx.now);
          await endTenantWidgetSessions(tx.db, tenantId, sessionsNotBeforeOf(ctx.now));
          await endTenantWebSessions(tx, tenantId);
          await spendPortalLinks(tx, tenantId);
        }
        return updated;
      });
  return tenant ? ok(tenant) : rejected('not_found', `No tenant ${tenantId}.`);
}
