import type { Environment } from '../../db/schema.js';
import { ok, rejected, type Result } from '../../errors/index.js';
import { isUuid } from '../../lib/ids.js';
import type { Ctx } from '../context.js';
import { updateEnvironmentSettings, type EnvironmentSettings } from './tenant-repo.js';

export interface EnvironmentChanges {
  tenantId: string;
  environment: Environment;
  webhookUrl?: string | null;
  allowedOrigins?: string[];
}

export async function updateEnvironment(ctx: Ctx, changes: EnvironmentChanges): Promise<Result<EnvironmentSettings>> {
  const { tenantId, environment } = changes;
  const settings = isUuid(tenantId)
    ? await updateEnvironmentSettings(ctx.db, tenantId, environment, changes, ctx.now)
    : null;
  return settings ? ok(settings) : rejected('not_found', `No tenant ${tenantId}.`);
}
