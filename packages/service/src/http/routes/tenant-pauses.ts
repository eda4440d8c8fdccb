import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { audited, PLATFORM_API } from '../../domains/audit/index.js';
import {
  presentTenantPause,
  setTenantPause,
  SetTenantPauseBody,
  TenantPause,
  TenantPauseParams,
} from '../../domains/kill-switches/index.js';
import type { ServiceDeps } from '../../deps.js';
import { platformCtx } from '../context.js';
import { errorResponses } from '../openapi.js';
import { valueOrThrow } from '../present.js';

const meta = { tier: 'platform', credential: 'platform' } as const;

/** Who the audit log and the pause name for a change made through the platform API. */
export { PLATFORM_API };

/** One tenant's pause of sync or positions (issue 30): the global switches' lever for one operator. */
export function tenantPausePlatformRoutes(deps: ServiceDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.put(
      '/platform/v1/tenants/:tenant_id/pauses/:name',
      {
        config: { meta },
        schema: {
          params: TenantPauseParams,
          body: SetTenantPauseBody,
          response: { 200: TenantPause, ...errorResponses('validation_failed', 'not_found') },
        },
      },
      async (request) => {
        const { tenant_id: tenantId, name } = request.params;
        const { paused, reason } = request.body;
        const entry = {
          who: PLATFORM_API,
          action: 'tenant_pause.set',
          target: `${tenantId}/${name}`,
          tenantId,
          details: { paused, reason: reason ?? null },
        };
        const pause = valueOrThrow(
          await audited(platformCtx(deps, request), entry, (ctx) =>
            setTenantPause(ctx, { tenantId, name, paused, reason, changedBy: PLATFORM_API }),
          ),
        );
        // This process sees it at once; the others within KILL_SWITCH_REFRESH_MS.
        deps.killSwitches.invalidate();
        return presentTenantPause(pause);
      },
    );
  };
}
