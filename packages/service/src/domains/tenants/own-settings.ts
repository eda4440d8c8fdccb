import { ok, rejected, type Result } from '../../errors/index.js';
import type { TenantCtx } from '../context.js';
import type { WebhookUrlPolicy } from '../webhooks/index.js';
import { environmentSettingsOf, type EnvironmentSettings } from './tenant-repo.js';
import { updateEnvironment } from './update-environment.js';

/**
 * A tenant's own settings of the environment it calls from (GET /v1/tenant/settings, the portal's settings
 * screen): never another environment's, never another tenant's.
 */
export async function getOwnSettings(ctx: TenantCtx): Promise<Result<EnvironmentSettings>> {
  const settings = await environmentSettingsOf(ctx.db, ctx.tenantEnv);
  return settings ? ok(settings) : rejected('not_found', 'No such tenant environment.');
}

export interface OwnSettingsChanges {
  webhookUrl?: string | null;
  allowedOrigins?: string[];
  webhookUrlPolicy: WebhookUrlPolicy;
}

/** PUT /v1/tenant/settings: the platform's change of the environment (same rules), on the caller's own. */
export function updateOwnSettings(ctx: TenantCtx, changes: OwnSettingsChanges): Promise<Result<EnvironmentSettings>> {
  return updateEnvironment(ctx, { ...changes, ...ctx.tenantEnv });
}
