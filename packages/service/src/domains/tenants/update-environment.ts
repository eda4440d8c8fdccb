import type { Db } from '../../db/connection.js';
import type { Environment } from '../../db/schema.js';
import { ApiError } from '../../errors/index.js';
import type { Clock } from '../../lib/clock.js';
import { updateEnvironmentSettings, type EnvironmentSettings } from './tenant-repo.js';

export async function updateEnvironment(
  deps: { db: Db; clock: Clock },
  tenantId: string,
  environment: Environment,
  changes: { webhookUrl?: string | null; allowedOrigins?: string[] },
): Promise<EnvironmentSettings> {
  const settings = await updateEnvironmentSettings(deps.db, tenantId, environment, changes, deps.clock.now());
  if (!settings) throw new ApiError('not_found', `No tenant ${tenantId}.`);
  return settings;
}
