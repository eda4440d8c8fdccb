import { ok, type Result } from '../../errors/index.js';
import type { TenantCtx } from '../context.js';
import { DEFAULT_WIDGET_SETTINGS, type WidgetSettings } from './model/widget-settings.js';
import { widgetSettingsOfEnv } from './tenant-repo.js';

/** The widget settings of the caller's tenant environment (GET /v1/widget/config); defaults without any. */
export async function getWidgetConfig(ctx: TenantCtx): Promise<Result<WidgetSettings>> {
  return ok((await widgetSettingsOfEnv(ctx.db, ctx.tenantEnv)) ?? DEFAULT_WIDGET_SETTINGS);
}
