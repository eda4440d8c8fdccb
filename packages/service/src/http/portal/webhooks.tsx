/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyPluginAsync } from 'fastify';
import { EVENT_TYPES } from '../../domains/events/index.js';
import {
  DELIVERY_FILTER_FIELDS,
  DELIVERY_STATES,
  endpointHealth,
  listDeliveries,
  readDeliveryFilter,
  type DeliveryFilterFields,
  type DeliveryRow,
} from '../../domains/webhooks/index.js';
import type { ServiceDeps } from '../../deps.js';
import { platformCtx } from '../context.js';
import { AttemptOutcome, DeliveryStateBadge } from '../web/delivery-status.js';
import { Field, FilterForm, KeysetLinks, pageHref, ScrollTable, SelectField, sendScreen, when } from '../web/shared.js';
import { sessionOf } from '../web/web-session.js';
import { signedIn } from './site.js';
import { EndpointHealthSection } from './webhook-health.js';
import { deliveryRoutes } from './webhook-delivery.js';

const PAGE_SIZE = 50;

const STATE_OPTIONS = [['', 'Any state'], ...DELIVERY_STATES.map((s) => [s, s] as const)] as const;
const TYPE_OPTIONS = [['', 'Any event type'], ...EVENT_TYPES.map((t) => [t, t] as const)] as const;

/** The query's filter fields as typed, each cut to a length no field needs to pass. */
function typed(query: Record<string, unknown>): DeliveryFilterFields {
  const out: DeliveryFilterFields = {};
  for (const name of DELIVERY_FILTER_FIELDS) {
    const value = query[name];
    if (typeof value === 'string' && value.trim() !== '') out[name] = value.trim().slice(0, 100);
  }
  return out;
}

const PATH = '/portal/webhooks';

/**
 * The environment's webhooks (docs/operations.md, "The tenant portal"): the endpoint's health, then its
 * deliveries filtered by state, event type and time, newest first, 50 a page by keyset, each linked to
 * its page (webhook-delivery.tsx) with the payload, the headers sent, every attempt, Resend and Retry now.
 */
export function webhookRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    app.get(PATH, signedIn, async (request, reply) => {
      const scope = sessionOf(request).scope!;
      const query = request.query as Record<string, unknown>;
      const fields = typed(query);
      const { filter, problems } = readDeliveryFilter(fields, EVENT_TYPES);
      const cursor = typeof query.after === 'string' && query.after ? query.after.slice(0, 128) : undefined;
      const ctx = platformCtx(deps, request);
      const filterable = Object.keys(problems).length === 0;
      const [health, page] = await Promise.all([
        endpointHealth(ctx, scope),
        filterable ? listDeliveries(ctx, scope, { filter, cursor, limit: PAGE_SIZE }) : null,
      ]);
      const rows = page?.ok ? page.value.items : [];
      const next = page?.ok ? page.value.nextCursor : null;
      return sendScreen(
        request,
        reply,
        { title: `Webhooks (${scope.environment})`, current: PATH },
        <>
          <EndpointHealthSection health={health} />
          <section aria-labelledby="list">
            <h2 id="list">{cursor ? 'Older deliveries' : 'Deliveries'}</h2>
            <FilterForm action="/portal/webhooks" label="Filter deliveries" values={fields} errors={problems}>
              <div class="row">
                <div>
                  <SelectField name="state" label="State" options={STATE_OPTIONS} />
                </div>
                <div>
                  <SelectField name="type" label="Event type" options={TYPE_OPTIONS} />
                </div>
                <div>
                  <Field name="from" label="From (UTC)" placeholder="2026-11-29T14:00" size={18} />
                </div>
                <div>
                  <Field name="to" label="To (UTC)" placeholder="2026-11-29" size={18} />
                </div>
                <button type="submit" class="secondary">
                  Show
                </button>
              </div>
            </FilterForm>
            {!filterable ? (
              <p class="problem" role="alert">
                This filter cannot be used: see the fields marked above.
              </p>
            ) : page && !page.ok ? (
              <p role="alert">
                That page link is not valid any more: <a href={pageHref(PATH, fields)}>start from the newest</a>.
              </p>
            ) : rows.length === 0 ? (
              <p>
                {Object.keys(fields).length > 0
                  ? 'No delivery matches this filter.'
                  : 'No webhook deliveries yet. A delivery is made for each event while a webhook URL is set.'}
              </p>
            ) : (
              <DeliveryTable rows={rows} />
            )}
            <KeysetLinks path={PATH} filter={fields} after={cursor ?? null} next={next ?? null} noun="deliveries" />
          </section>
        </>,
      );
    });
    await app.register(deliveryRoutes(deps));
  };
}

/**
 * The list: each row's event (linked to its page), state, attempts and last attempt. On a phone each row
 * is a card (ScrollTable's stack), the event first, so nothing is out of view.
 */
function DeliveryTable(props: { rows: DeliveryRow[] }) {
  return (
    <ScrollTable label="Deliveries, newest first" stack>
      <thead>
        <tr>
          <th scope="col">Event</th>
          <th scope="col">State</th>
          <th scope="col" class="num">
            Attempts
          </th>
          <th scope="col">Last attempt</th>
        </tr>
      </thead>
      <tbody>
        {props.rows.map((d) => (
          <tr key={d.eventId}>
            <td class="lead">
              <a href={`/portal/webhooks/${d.eventId}`}>{d.type}</a>
              <br />
              <span class="hint">{when(d.occurredAt)}</span>
              <span class="hint clip">{d.eventId}</span>
            </td>
            <td data-label="State">
              <DeliveryStateBadge state={d.state} />
            </td>
            <td class="num" data-label="Attempts">
              {d.attempts}
            </td>
            <td data-label="Last attempt">
              <div>
                {d.last ? (
                  <>
                    <AttemptOutcome attempt={d.last} />
                    <br />
                    <span class="hint">{when(d.last.attemptedAt)}</span>
                  </>
                ) : (
                  <span class="hint">None yet</span>
                )}
                {d.state === 'pending' && d.nextAttemptAt && (
                  <>
                    <br />
                    <span class="hint">Next {when(d.nextAttemptAt)}</span>
                  </>
                )}
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
