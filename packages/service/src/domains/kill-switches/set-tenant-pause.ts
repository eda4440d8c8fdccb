import { ok, rejected, type Result } from '../../errors/index.js';
import type { Ctx } from '../context.js';
import { existingTenant } from '../tenants/index.js';
import { isTenantPauseName, REASON_MAX, reasonOf, TENANT_PAUSES } from './model/switches.js';
import { upsertTenantPause, type TenantPauseRow } from './tenant-pause-repo.js';

/**
 * Pauses or resumes sync or positions for one tenant, both environments, its keys kept: the lever for
 * one operator's trouble that leaves every other operator running. A pause needs its reason (whoever
 * reads the tenant later must know why it stopped); a resume may give one.
 */
export async function setTenantPause(
  ctx: Ctx,
  input: { tenantId: string; name: string; paused: boolean; reason?: string | null; changedBy: string },
): Promise<Result<TenantPauseRow>> {
  if (!isTenantPauseName(input.name)) {
    return rejected('not_found', `No tenant pause ${input.name}; one of ${TENANT_PAUSES.join(', ')}.`);
  }
  const tenant = await existingTenant(ctx, input.tenantId);
  if (!tenant.ok) return tenant;
  const reason = reasonOf(input.reason);
  if (input.paused && reason === null) {
    return rejected('validation_failed', 'A pause needs a reason: say what is wrong, for whoever reads it later.');
  }
  if (reason !== null && reason.length > REASON_MAX) {
    return rejected('validation_failed', `The reason is ${reason.length} characters; keep it to ${REASON_MAX}.`);
  }
  return ok(await upsertTenantPause(ctx.db, { ...input, name: input.name, reason }, ctx.now));
}
