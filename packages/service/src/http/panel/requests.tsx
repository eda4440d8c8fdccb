/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyPluginAsync } from 'fastify';
import { ENVIRONMENTS } from '../../domains/context.js';
import type { ServiceDeps } from '../../deps.js';
import { findAnyRequest } from '../../domains/request-log/index.js';
import { listTenants, tenantNames } from '../../domains/tenants/index.js';
import type { Environment } from '../../db/schema.js';
import { isUuid } from '../../lib/uuid.js';
import { platformCtx } from '../context.js';
import { RequestFacts } from '../web/request-facts.js';
import { readRequestPage, RequestFilterForm, RequestResults, typedFields } from '../web/request-list.js';
import { SelectField, sendScreen } from '../web/shared.js';
import { signedIn } from './site.js';
import { TenantName } from './tenant-name.js';
import { PortalLinkButtons } from './tenant-portal-link.js';

/** Tenants the filter offers by name, at most. */
const TENANTS_OFFERED = 500;

/**
 * The request log across tenants (docs/operations.md, "The request log"): the list the overview's error
 * codes link to, filtered by tenant and environment besides the portal's filters; and one request with
 * its tenant and environment, where the search sends a request id it finds in the log.
 */
export function requestRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/panel/requests', signedIn, async (request, reply) => {
      const ctx = platformCtx(deps, request);
      const query = request.query as Record<string, unknown>;
      const fields = typedFields(query, ['tenant', 'environment']);
      const scopeErrors: Record<string, string> = {};
      if (fields.tenant && !isUuid(fields.tenant)) scopeErrors.tenant = 'Tenant: choose one from the list.';
      if (fields.environment && !(ENVIRONMENTS as readonly string[]).includes(fields.environment)) {
        scopeErrors.environment = 'Environment: sandbox or live.';
      }
      const scope = { tenantId: fields.tenant, environment: fields.environment as Environment | undefined };
      const refused = Object.keys(scopeErrors).length > 0;
      const page = await readRequestPage(deps.db, refused ? null : scope, query, fields);
      const [tenants, names] = await Promise.all([
        listTenants(ctx, { limit: TENANTS_OFFERED }),
        tenantNames(ctx, [...new Set(page.rows.map((r) => r.tenantId))]),
      ]);
      return sendScreen(
        request,
        reply,
        { title: 'Requests', current: '/panel/requests' },
        <>
          <section aria-labelledby="filter">
            <h2 id="filter">Find requests</h2>
            <p class="hint">Every tenant's /v1 requests of the last 14 days, refused ones included. Times are UTC.</p>
            <RequestFilterForm
              base="/panel/requests"
              fields={fields}
              page={page}
              routes={null}
              scopeErrors={scopeErrors}
              scopeFields={
                <>
                  <div>
                    <SelectField
                      name="tenant"
                      label="Tenant"
                      options={[['', 'All tenants'], ...tenants.map((t) => [t.id, t.name] as const)]}
                    />
                  </div>
                  <div>
                    <SelectField
                      name="environment"
                      label="Environment"
                      options={[['', 'Both'], ...ENVIRONMENTS.map((e) => [e, e] as const)]}
                    />
                  </div>
                </>
              }
            />
          </section>
          {refused ? (
            <p class="problem" role="alert">
              This filter cannot be used: see the fields marked above.
            </p>
          ) : (
            <RequestResults base="/panel/requests" fields={fields} page={page} tenants={names} />
          )}
        </>,
      );
    });

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
