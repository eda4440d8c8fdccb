/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyPluginAsync } from 'fastify';
import type { ServiceDeps } from '../../deps.js';
import { findRequest } from '../../domains/request-log/index.js';
import { RequestFacts } from '../web/request-facts.js';
import { readRequestPage, RequestFilterForm, RequestResults, typedFields } from '../web/request-list.js';
import { pageHref, sendScreen } from '../web/shared.js';
import { sessionOf } from '../web/web-session.js';
import { signedIn } from './site.js';

/**
 * The tenant environment's request log (docs/operations.md, "The request log"): every /v1 request of the
 * last 14 days, newest first, filtered by request id, user, status class, code, route and time, paged by
 * keyset; and one request's page with its error and bodies.
 */
export function requestRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/portal/requests', signedIn, async (request, reply) => {
      const scope = sessionOf(request).scope!;
      const query = request.query as Record<string, unknown>;
      const fields = typedFields(query);
      const page = await readRequestPage(deps.db, scope, query, fields);
      const routes = [
        ...new Set(request.server.routeTable.map((r) => r.url).filter((u) => u.startsWith('/v1'))),
      ].sort();
      return sendScreen(
        request,
        reply,
        { title: 'Requests', current: '/portal/requests' },
        <>
          <section aria-labelledby="filter">
            <h2 id="filter">Find a request</h2>
            <p class="hint">
              Every request your API key and your users' widget sessions made in the last 14 days, refused ones
              included. Times are UTC.
            </p>
            <RequestFilterForm base="/portal/requests" fields={fields} page={page} routes={routes} />
          </section>
          <RequestResults base="/portal/requests" fields={fields} page={page} />
        </>,
      );
    });

    app.get('/portal/requests/:id', signedIn, async (request, reply) => {
      const scope = sessionOf(request).scope!;
      const { id } = request.params as { id: string };
      const found = await findRequest(deps.db, scope, id.toLowerCase());
      if (!found) {
        return sendScreen(
          request,
          reply,
          { title: 'Request not found', current: '/portal/requests', status: 404 },
          <section>
            <p>
              No request <code>{id}</code> in this environment's log. The log keeps 14 days, and a request shows a
              second or two after its answer; a request refused before its API key was known (a missing or wrong key) is
              in no tenant's log.
            </p>
            <p>
              <a href="/portal/requests">Back to the requests</a>
            </p>
          </section>,
        );
      }
      return sendScreen(
        request,
        reply,
        { title: `${found.method} ${found.route}`, current: '/portal/requests' },
        <>
          <RequestFacts request={found} userHref={(user) => pageHref('/portal/requests', { user })} />
          <p>
            <a href="/portal/requests">Back to the requests</a>
          </p>
        </>,
      );
    });
  };
}
