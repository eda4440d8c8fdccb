import type { Environment } from '../../db/schema.js';
import { ok, rejected, type Result } from '../../errors/index.js';
import { isUuid } from '../../lib/ids.js';
import type { Ctx } from '../context.js';
import { webhookUrlProblem, type WebhookUrlPolicy } from '../webhooks/index.js';
import { updateEnvironmentSettings, type EnvironmentSettings } from './tenant-repo.js';

export interface EnvironmentChanges {
  tenantId: string;
  environment: Environment;
  webhookUrl?: string | null;
  allowedOrigins?: string[];
  /** Whether the URL may be plain http or local (config ALLOW_INSECURE_WEBHOOKS). */
  webhookUrlPolicy: WebhookUrlPolicy;
}

export async function updateEnvironment(ctx: Ctx, changes: EnvironmentChanges): Promise<Result<EnvironmentSettings>> {
  const { tenantId, environment, webhookUrl } = changes;
  const problem = webhookUrl ? webhookUrlProblem(webhookUrl, changes.webhookUrlPolicy) : null;
  if (problem !== null) {
    const issue = { location: 'body', path: '/webhook_url', message: problem };
    return rejected('validation_failed', `Invalid body: /webhook_url ${problem}`, { issues: [issue] });
  }
  const settings = isUuid(tenantId)
    ? await updateEnvironmentSettings(ctx.db, tenantId, environment, changes, ctx.now)
    : null;
  return settings ? ok(settings) : rejected('not_found', `No tenant ${tenantId}.`);
}
