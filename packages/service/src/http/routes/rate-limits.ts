import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  getTenantLimits,
  presentTenantLimits,
  setTenantLimits,
  SetTenantLimitsBody,
  TenantLimitsSchema,
} from '../../domains/rate-limits/index.js';
import { TenantParams } from '../../domains/tenants/index.js';
import { audited } from '../../domains/audit/index.js';
import type { ServiceDeps } from '../../deps.js';
import { platformCtx } from '../context.js';
import { errorResponses } from '../openapi.js';
import { valueOrThrow } from '../present.js';

const meta = { tier: 'platform', credential: 'platform' } as const;

/** A tenant's rate limits, and their raises (docs/operator-api.md, "Rate limits", raised limits). */
export function rateLimitPlatformRoutes(deps: ServiceDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const path = '/platform/v1/tenants/:tenant_id/rate-limits';
    app.get(
      path,
      {
        config: { meta },
        schema: { params: TenantParams, response: { 200: TenantLimitsSchema, ...errorResponses('not_found') } },
      },
      async (request) =>
        presentTenantLimits(valueOrThrow(await getTenantLimits(platformCtx(deps, request), request.params.tenant_id))),
    );

    app.put(
      path,
      {
        config: { meta },
        schema: {
          params: TenantParams,
          body: SetTenantLimitsBody,
          response: { 200: TenantLimitsSchema, ...errorResponses('validation_failed', 'not_found') },
        },
      },
      async (request) => {
        const input = { tenantId: request.params.tenant_id, limits: request.body };
        const entry = {
          action: 'rate_limit.set',
          target: input.tenantId,
          tenantId: input.tenantId,
          details: { ...request.body },
        };
        const ctx = platformCtx(deps, request);
        const limits = valueOrThrow(await audited(ctx, entry, (tx) => setTenantLimits(tx, input)));
        // This process applies it at once; the others within RAISED_LIMITS_REFRESH_MS.
        deps.raisedLimits.invalidate(input.tenantId);
        return presentTenantLimits(limits);
      },
    );
  };
}
