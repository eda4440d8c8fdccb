import { ok, type Result } from '../../errors/index.js';
import { forgetKeysAfterCommit, revokeTenantKeys, type Scope } from '../api-keys/index.js';
import { withTransaction, type Ctx } from '../context.js';
import { issueApiKey, type IssuedKey } from './issue-api-key.js';

/**
 * Go-live (docs/guides/going-live.md, "At go-live"): every sandbox key of the tenant is revoked and a live key
 * issued, in one transaction, so there is never a moment with both or neither. Sandbox data stays.
 */
export async function goLive(
  ctx: Ctx,
  input: { tenantId: string; scopes: readonly Scope[] },
): Promise<Result<IssuedKey>> {
  return withTransaction(ctx, async (tx) => {
    const issued = await issueApiKey(tx, { tenantId: input.tenantId, environment: 'live', scopes: input.scopes });
    if (!issued.ok) return issued;
    await revokeTenantKeys(tx.db, input.tenantId, tx.now, 'sandbox');
    forgetKeysAfterCommit(tx, (keys) => keys.forgetTenant(input.tenantId));
    return ok(issued.value);
  });
}
