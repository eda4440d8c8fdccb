import type { Environment } from '../../db/schema.js';
import { ok, rejected, type Result } from '../../errors/index.js';
import { isUuid } from '../../lib/ids.js';
import { withTransaction, type Ctx } from '../context.js';
import { webhookUrlProblem, type WebhookUrlPolicy } from '../webhooks/index.js';
import { mergeWidgetSettings, type WidgetChanges, type WidgetSettings } from './model/widget-settings.js';
import { updateEnvironmentSettings, widgetSettingsOfEnv, type EnvironmentSettings } from './tenant-repo.js';

export interface EnvironmentChanges {
  tenantId: string;
  environment: Environment;
  webhookUrl?: string | null;
  allowedOrigins?: string[];
  /** Widget settings whose theme and tags the contract's rules already passed (the body schema). */
  widget?: WidgetChanges;
  /** Whether the URL may be plain http or local (config ALLOW_INSECURE_WEBHOOKS). */
  webhookUrlPolicy: WebhookUrlPolicy;
}

/** The field named in words, as every refusal names it (docs/operator-api.md, "Errors"): `widget.theme.accent`. */
const invalid = (path: string, message: string) =>
  rejected('validation_failed', `Invalid body: ${path.slice(1).replace(/\//g, '.')} ${message.replace(/\.?$/, '.')}`, {
    issues: [{ location: 'body', path, message }],
  });

export async function updateEnvironment(ctx: Ctx, changes: EnvironmentChanges): Promise<Result<EnvironmentSettings>> {
  const { tenantId, environment, webhookUrl } = changes;
  const problem = webhookUrl ? webhookUrlProblem(webhookUrl, changes.webhookUrlPolicy, environment) : null;
  if (problem !== null) return invalid('/webhook_url', problem);
  if (!isUuid(tenantId)) return rejected('not_found', `No tenant ${tenantId}.`);
  return withTransaction(ctx, async (tx) => {
    let widget: WidgetSettings | undefined;
    if (changes.widget) {
      // The stored settings are locked: a change of locales and one of the default cannot interleave.
      const current = await widgetSettingsOfEnv(tx.db, { tenantId, environment }, true);
      if (!current) return rejected('not_found', `No tenant ${tenantId}.`);
      const merged = mergeWidgetSettings(current, changes.widget);
      if (!merged.ok) return invalid(merged.path, merged.message);
      widget = merged.settings;
    }
    const settings = await updateEnvironmentSettings(tx.db, tenantId, environment, { ...changes, widget }, tx.now);
    return settings ? ok(settings) : rejected('not_found', `No tenant ${tenantId}.`);
  });
}
