import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { issuePortalLink, PortalLink, PortalLinkBody, portalLinkUrl } from '../../domains/portal-links/index.js';
import { TenantParams } from '../../domains/tenants/index.js';
import { audited } from '../../domains/audit/index.js';
import type { ServiceDeps } from '../../deps.js';
import { platformCtx } from '../context.js';
import { errorResponses } from '../openapi.js';
import { valueOrThrow } from '../present.js';

const meta = { tier: 'platform', credential: 'platform' } as const;

/** One-time sign-in links to a tenant environment's portal (docs/operations.md, "The tenant portal"). */
export function portalLinkRoutes(deps: ServiceDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/platform/v1/tenants/:tenant_id/portal-links',
      {
        config: { meta },
        schema: {
          params: TenantParams,
          body: PortalLinkBody.nullish(),
          response: { 201: PortalLink, ...errorResponses('validation_failed', 'not_found', 'state_conflict') },
        },
      },
      async (request, reply) => {
        const environment = request.body?.environment ?? 'sandbox';
        const scope = { tenantId: request.params.tenant_id, environment };
        const entry = { action: 'portal_link.issue', target: scope.tenantId, ...scope, details: { environment } };
        // The link's token is the verb's value: the entry keeps its expiry, never the token.
        const expiry = (issued: { expiresAt: Date }) => ({ expires_at: issued.expiresAt.toISOString() });
        const ctx = platformCtx(deps, request);
        const link = valueOrThrow(await audited(ctx, entry, (tx) => issuePortalLink(tx, scope), expiry));
        return reply.code(201).send({
          url: portalLinkUrl(deps.publicUrl(environment), link.token),
          expires_at: link.expiresAt.toISOString(),
        });
      },
    );
  };
}
