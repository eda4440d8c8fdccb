import { randomBytes } from 'node:crypto';
import type { Environment } from '../../db/schema.js';
import { ok, rejected, type Result } from '../../errors/index.js';
import { isUuid } from '../../lib/ids.js';
import type { Ctx } from '../context.js';
import { setWebhookSecret } from './tenant-repo.js';

/**
 * A new webhook secret for one environment; the old one is invalid at once (docs/guides/webhooks.md,
 * "Rotating the secret").
 */
export async function rotateWebhookSecret(
  ctx: Ctx,
  input: { tenantId: string; environment: Environment },
): Promise<Result<string>> {
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  if (isUuid(input.tenantId) && (await setWebhookSecret(ctx.db, input.tenantId, input.environment, secret, ctx.now))) {
    return ok(secret);
  }
  return rejected('not_found', `No tenant ${input.tenantId}.`);
}
