/** @jsxRuntime automatic @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import {
  decodeCursor,
  encodeCursor,
  FILTER_FIELDS,
  filterOf,
  listRequests,
  type FilterQuery,
  type LogScope,
  type StoredRequest,
} from '../../domains/request-log/index.js';
import type { Executor } from '../../db/connection.js';
import { Field, FilterForm, KeysetLinks, ScrollTable, SelectField, when } from './shared.js';

/**
 * The request log as a list (docs/operations.md, "The request log"), shared by the portal's Requests
 * screen (one tenant environment) and the panel's (across them): the filter form, the table and the
 * keyset pager. `base` is the list's path; a request's page is `${base}/{request_id}`.
 */
const PAGE_SIZE = 50;

const STATUS_OPTIONS = [
  ['', 'Any status'],
  ['2xx', '2xx: answered'],
  ['4xx', '4xx: refused'],
  ['5xx', '5xx: failed or paused'],
] as const;

/** The query's fields as typed (the log's filter and any the page adds), each cut to a length none needs. */
export function typedFields(query: Record<string, unknown>, extra: readonly string[] = []): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of [...FILTER_FIELDS, ...extra]) {
    const value = query[name];
    if (typeof value === 'string' && value.trim() !== '') out[name] = value.trim().slice(0, 300);
  }
  return out;
}

/**
 * One page of the log as a query asks for it, with the filter's problems (then no rows are read, nor
 * when the page's own scope fields were refused: `scope` null).
 */
export async function readRequestPage(
  db: Executor,
  scope: LogScope | null,
  query: Record<string, unknown>,
  fields: Record<string, string>,
) {
  const { filter, problems } = filterOf(fields as FilterQuery);
  const cursor = typeof query.after === 'string' ? decodeCursor(query.after) : null;
  const rows = problems.length > 0 || scope === null ? [] : await listRequests(db, scope, filter, cursor, PAGE_SIZE);
  return { rows: rows.slice(0, PAGE_SIZE), more: rows.length > PAGE_SIZE, cursor, problems };
}

export type RequestPage = Awaited<ReturnType<typeof readRequestPage>>;

/**
 * The filter: the request id first (what a ticket or a log line quotes), the others folded until one is
 * set. `routes` offers the /v1 routes as a list when known, else a text field; `scopeFields` are the
 * page's own (the panel's tenant and environment).
 */
export function RequestFilterForm(props: {
  base: string;
  fields: Record<string, string>;
  page: RequestPage;
  routes: readonly string[] | null;
  scopeFields?: ComponentChildren;
  /** What is wrong with the page's own fields, by name. */
  scopeErrors?: Record<string, string>;
}) {
  const errors = { ...Object.fromEntries(props.page.problems.map((p) => [p.field, p.message])), ...props.scopeErrors };
  const narrowed = Object.keys(props.fields).filter((name) => name !== 'request_id').length;
  return (
    <FilterForm action={props.base} label="Filter requests" values={props.fields} errors={errors}>
      <div class="row">
        <div>
          <Field name="request_id" label="Request id" size={38} hint="From an answer's X-Request-Id" />
        </div>
        <button type="submit" class="secondary">
          Show
        </button>
      </div>
      <details class="filters" open={narrowed > 0 || Object.keys(errors).length > 0}>
        <summary>More filters{narrowed > 0 ? ` (${narrowed} set)` : ''}</summary>
        <div class="row">
          {props.scopeFields}
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
            {props.routes ? (
              <SelectField
                name="route"
                label="Route"
                options={[['', 'Any route'], ...props.routes.map((r) => [r, r] as const)]}
              />
            ) : (
              <Field name="route" label="Route" placeholder="/v1/balance-sync" />
            )}
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
  );
}

/** The list with its pager, or why it is empty. `tenants` adds a tenant column (the panel's, by name). */
export function RequestResults(props: {
  base: string;
  fields: Record<string, string>;
  page: RequestPage;
  tenants?: ReadonlyMap<string, string>;
}) {
  const { page, fields, base } = props;
  const last = page.rows.at(-1);
  return (
    <section aria-labelledby="requests">
      <h2 id="requests">{page.cursor ? 'Older requests' : 'Latest requests'}</h2>
      {page.problems.length > 0 ? (
        <p class="problem" role="alert">
          This filter cannot be used: see the fields marked above.
        </p>
      ) : page.rows.length === 0 ? (
        <p>
          {Object.keys(fields).length > 0
            ? 'No request matches this filter in the last 14 days.'
            : 'No requests in the last 14 days. Requests show here a second or two after they are answered.'}
        </p>
      ) : (
        <RequestTable base={base} rows={page.rows} tenants={props.tenants} />
      )}
      <KeysetLinks
        path={base}
        filter={fields}
        after={page.cursor && encodeCursor(page.cursor)}
        next={page.more && last ? encodeCursor({ at: last.at, requestId: last.requestId }) : null}
        noun="requests"
      />
    </section>
  );
}

/** What was asked and how it was answered first, so a phone keeps them in view (a card per row there). */
function RequestTable(props: { base: string; rows: StoredRequest[]; tenants?: ReadonlyMap<string, string> }) {
  return (
    <ScrollTable label="Requests" stack>
      <thead>
        <tr>
          <th scope="col">Request</th>
          <th scope="col">Status</th>
          {props.tenants && <th scope="col">Tenant</th>}
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
              <a href={`${props.base}/${r.requestId}`}>
                {r.method} <span class="wrap">{r.path}</span>
              </a>
              <br />
              <span class="hint">{when(r.at)}</span>
            </td>
            <td data-label="Status">
              <span class={`status s${Math.floor(r.status / 100)}`}>{r.status}</span>
              {r.code && <span class="wrap"> {r.code}</span>}
            </td>
            {props.tenants && (
              <td class="wrap" data-label="Tenant">
                <a href={`/panel/tenants/${r.tenantId}`}>{props.tenants.get(r.tenantId) ?? 'A removed tenant'}</a>{' '}
                <span class="kind">{r.environment}</span>
              </td>
            )}
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
