/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyPluginAsync } from 'fastify';
import type { ServiceDeps } from '../../deps.js';
import {
  decodeCursor,
  encodeCursor,
  FILTER_FIELDS,
  filterOf,
  findRequest,
  listRequests,
  type FilterQuery,
  type StoredRequest,
} from '../../domains/request-log/index.js';
import { RequestFacts } from '../web/request-facts.js';
import { Field, FilterForm, ScrollTable, SelectField, sendScreen, when } from '../web/shared.js';
import { sessionOf } from '../web/web-session.js';
import { signedIn } from './site.js';

const PAGE_SIZE = 50;

const STATUS_OPTIONS = [
  ['', 'Any status'],
  ['2xx', '2xx: answered'],
  ['4xx', '4xx: refused'],
  ['5xx', '5xx: failed or paused'],
] as const;

/** The query's filter fields as typed, each cut to a length no field needs to pass. */
function typed(query: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of FILTER_FIELDS) {
    const value = query[name];
    if (typeof value === 'string' && value.trim() !== '') out[name] = value.trim().slice(0, 300);
  }
  return out;
}

const queryOf = (fields: Record<string, string>, extra: Record<string, string> = {}) => {
  const text = new URLSearchParams({ ...fields, ...extra }).toString();
  return text ? `?${text}` : '';
};

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
      const fields = typed(query);
      const { filter, problems } = filterOf(fields as FilterQuery);
      const cursor = typeof query.after === 'string' ? decodeCursor(query.after) : null;
      const rows = problems.length > 0 ? [] : await listRequests(deps.db, scope, filter, cursor, PAGE_SIZE);
      const page = rows.slice(0, PAGE_SIZE);
      const last = page.at(-1);
      const routes = [
        ...new Set(request.server.routeTable.map((r) => r.url).filter((u) => u.startsWith('/v1'))),
      ].sort();
      const errors = Object.fromEntries(problems.map((p) => [p.field, p.message]));
      const narrowed = Object.keys(fields).filter((name) => name !== 'request_id').length;
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
            <FilterForm action="/portal/requests" label="Filter requests" values={fields} errors={errors}>
              <div class="row">
                <div>
                  <Field name="request_id" label="Request id" size={38} hint="From an answer's X-Request-Id" />
                </div>
                <button type="submit" class="secondary">
                  Show
                </button>
              </div>
              <details class="filters" open={narrowed > 0 || problems.length > 0}>
                <summary>More filters{narrowed > 0 ? ` (${narrowed} set)` : ''}</summary>
                <div class="row">
                  <div>
                    <Field name="user" label="User" hint="External user id" />
                  </div>
                  <div>
                    <SelectField name="status" label="Status" options={STATUS_OPTIONS} />
                  </div>
                  <div>
                    <Field name="code" label="Error code" placeholder="rate_limited" />
                  </div>
                  <div>
                    <SelectField
                      name="route"
                      label="Route"
                      options={[['', 'Any route'], ...routes.map((r) => [r, r] as const)]}
                    />
                  </div>
                  <div>
                    <Field name="from" label="From" placeholder="2026-11-29T14:00" />
                  </div>
                  <div>
                    <Field name="to" label="To" placeholder="2026-11-29T15:00" />
                  </div>
                  <button type="submit" class="secondary">
                    Show
                  </button>
                </div>
              </details>
            </FilterForm>
          </section>
          <section aria-labelledby="requests">
            <h2 id="requests">{cursor ? 'Older requests' : 'Latest requests'}</h2>
            {problems.length > 0 ? (
              <p class="problem" role="alert">
                This filter cannot be used: see the fields marked above.
              </p>
            ) : page.length === 0 ? (
              <p>
                {Object.keys(fields).length > 0
                  ? 'No request matches this filter in the last 14 days.'
                  : 'No requests in the last 14 days. Requests show here a second or two after they are answered.'}
              </p>
            ) : (
              <RequestTable rows={page} />
            )}
            <p>
              {cursor && <a href={`/portal/requests${queryOf(fields)}`}>Newest</a>}
              {cursor && rows.length > PAGE_SIZE && ' · '}
              {rows.length > PAGE_SIZE && last && (
                <a href={`/portal/requests${queryOf(fields, { after: encodeCursor(last) })}`} rel="next">
                  Older requests
                </a>
              )}
            </p>
          </section>
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
          <RequestFacts request={found} userHref={(user) => `/portal/requests${queryOf({ user })}`} />
          <p>
            <a href="/portal/requests">Back to the requests</a>
          </p>
        </>,
      );
    });
  };
}

/** The list: what was asked and how it was answered first, so a phone keeps them in view. */
function RequestTable(props: { rows: StoredRequest[] }) {
  return (
    <ScrollTable label="Requests" stack>
      <thead>
        <tr>
          <th scope="col">Request</th>
          <th scope="col">Status</th>
          <th scope="col">User</th>
          <th scope="col" class="num">
            Time taken
          </th>
          <th scope="col">Idempotency key</th>
        </tr>
      </thead>
      <tbody>
        {props.rows.map((r) => (
          <tr key={r.requestId}>
            <td class="lead">
              <a href={`/portal/requests/${r.requestId}`}>
                {r.method} <span class="wrap">{r.path}</span>
              </a>
              <br />
              <span class="hint">{when(r.at)}</span>
            </td>
            <td data-label="Status">
              <span class={`status s${Math.floor(r.status / 100)}`}>{r.status}</span>
              {r.code && <span class="wrap"> {r.code}</span>}
            </td>
            <td class="wrap" data-label="User">
              {r.externalUserId ?? '—'}
            </td>
            <td class="num" data-label="Time taken">
              {Math.round(r.latencyMs)} ms
            </td>
            <td data-label="Idempotency key">
              {r.idempotencyKey ? <span class="clip">{r.idempotencyKey}</span> : '—'}
              {r.replayed && ' (replayed)'}
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
