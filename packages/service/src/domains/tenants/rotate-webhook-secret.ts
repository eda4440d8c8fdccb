import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/connection.js';
import type { Environment } from '../../db/schema.js';
import { ApiError } from '../../errors/index.js';
import type { Clock } from '../../lib/clock.js';
import { setWebhookSecret } from './tenant-repo.js';

/** A new webhook secret for one environment; the old one is invalid at once (spec 6.1 rule 8). */
export async function rotateWebhookSecret(
  deps: { db: Db; clock: Clock },
  tenantId: string,
  environment: Environment,
): Promise<string> {
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  if (!(await setWebhookSecret(deps.db, tenantId, environment, secret, deps.clock.now()))) {
    throw new ApiError('not_found', `No tenant ${tenantId}.`);
  }
  return secret;
}
