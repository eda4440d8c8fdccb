/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyPluginAsync } from 'fastify';
import type { ServiceDeps } from '../../deps.js';
import { findAnyRequest } from '../../domains/request-log/index.js';
import { tenantNames } from '../../domains/tenants/index.js';
import { platformCtx } from '../context.js';
import { RequestFacts } from '../web/request-facts.js';
import { sendScreen } from '../web/shared.js';
import { signedIn } from './site.js';
import { TenantName } from './tenant-name.js';
import { PortalLinkButtons } from './tenant-portal-link.js';

/**
 * One request from the request log (docs/operations.md, "The request log"), as the tenant's portal shows
 * it, with its tenant and environment: where the search sends a request id it finds in the log.
 */
export function requestPageRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/panel/requests/:id', signedIn, async (request, reply) => {
      const { id } = request.params as { id: string };
      const ctx = platformCtx(deps, request);
      const found = await findAnyRequest(ctx.db, id.toLowerCase());
      if (!found) {
        return sendScreen(
          request,
          reply,
          { title: 'Request not in the log', current: '/panel/search', status: 404 },
          <p>
            The request log (14 days) has no request {id}. An error answer older than that, or one to a caller the
            service did not know, may still be found by <a href={`/panel/search?q=${id}`}>searching for it</a>.
          </p>,
        );
      }
      const name = (await tenantNames(ctx, [found.tenantId])).get(found.tenantId);
      return sendScreen(
        request,
        reply,
        { title: `${found.method} ${found.route}`, current: '/panel/search' },
        <>
          <section aria-labelledby="whose">
            <h2 id="whose">Tenant</h2>
            <dl>
              <dt>Tenant</dt>
              <dd>
                <TenantName id={found.tenantId} name={name} />
              </dd>
              <dt>Environment</dt>
              <dd>{found.environment}</dd>
            </dl>
            <p>
              <PortalLinkButtons request={request} tenantId={found.tenantId} environment={found.environment} />
            </p>
          </section>
          <RequestFacts request={found} userHref={(user) => `/panel/search?q=${encodeURIComponent(user)}`} />
          <p>
            <a href={`/panel/search?q=${found.requestId}`}>Tickets and records that name this request</a>
          </p>
        </>,
      );
    });
  };
}
