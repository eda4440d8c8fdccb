/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { TicketStatus } from '../../db/schema.js';
import {
  handleTicket,
  listAllTickets,
  ticketCountsByTenant,
  TicketReplyBody,
  type Ticket,
} from '../../domains/support-tickets/index.js';
import { tenantNames } from '../../domains/tenants/index.js';
import type { ServiceDeps } from '../../deps.js';
import { isUuid } from '../../lib/ids.js';
import { platformCtx } from '../context.js';
import { act, formOf, refuseForm } from '../web/act.js';
import { ActionButton, PanelForm, sendScreen, when } from '../web/shared.js';
import { signedIn } from './site.js';

/** Tickets a page: each shows its messages and a reply form, so a page stays readable. */
const PAGE = 25;

const STATUSES = {
  open: 'Open: waiting for us',
  answered: 'Answered: waiting for the tenant',
  closed: 'Closed',
  all: 'Any status',
} as const;
type StatusChoice = keyof typeof STATUSES;

/** What the list shows: a status (open by default), one tenant or all, and where the page starts. */
interface TicketFilter {
  status: StatusChoice;
  tenant: string;
  cursor: string;
}

/** The filter of a query string or a form's hidden fields; anything unknown falls back to the default. */
function filterOf(fields: Record<string, unknown>): TicketFilter {
  const status = String(fields.status ?? '');
  const tenant = String(fields.tenant ?? '');
  const cursor = String(fields.cursor ?? '');
  return {
    status: status in STATUSES ? (status as StatusChoice) : 'open',
    tenant: isUuid(tenant) ? tenant : '',
    cursor: /^[A-Za-z0-9_-]{1,64}$/.test(cursor) ? cursor : '',
  };
}

/** The list's address for a filter: what "Next page" links to and where a reply or close returns. */
function ticketsPath(filter: TicketFilter): string {
  const query = new URLSearchParams({ status: filter.status });
  if (filter.tenant) query.set('tenant', filter.tenant);
  if (filter.cursor) query.set('cursor', filter.cursor);
  return `/panel/tickets?${query}`;
}

/** The filter as hidden fields, so that a form's action returns to the page it was sent from. */
function FilterFields({ filter }: { filter: TicketFilter }) {
  return (
    <>
      <input type="hidden" name="status" value={filter.status} />
      {filter.tenant && <input type="hidden" name="tenant" value={filter.tenant} />}
      {filter.cursor && <input type="hidden" name="cursor" value={filter.cursor} />}
    </>
  );
}

/**
 * Support tickets (decisions parts 8 and 9): a page at a time, oldest first, of one status (open, the
 * ones waiting for the platform, by default) and one tenant or all. Oldest first because the list is a
 * queue: whoever has waited longest is answered first, and a tenant that opens a hundred tickets pushes
 * nobody else's back (the tenant filter shows how many each tenant has, and narrows to one).
 */
export function ticketRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/panel/tickets', signedIn, async (request, reply) => {
      const ctx = platformCtx(deps, request);
      const filter = filterOf(request.query as Record<string, unknown>);
      const status: TicketStatus | undefined = filter.status === 'all' ? undefined : filter.status;
      const [page, counts] = await Promise.all([
        listAllTickets(ctx, {
          status,
          tenantId: filter.tenant || undefined,
          limit: PAGE,
          cursor: filter.cursor || undefined,
        }),
        ticketCountsByTenant(ctx, status),
      ]);
      const ids = new Set(counts.map((c) => c.tenantId));
      if (filter.tenant) ids.add(filter.tenant);
      const names = await tenantNames(ctx, [...ids]);
      const tenants = counts
        .map((c) => ({ ...c, name: names.get(c.tenantId) ?? c.tenantId }))
        .sort((a, b) => a.name.localeCompare(b.name) || a.tenantId.localeCompare(b.tenantId));
      if (filter.tenant && !tenants.some((t) => t.tenantId === filter.tenant))
        tenants.unshift({ tenantId: filter.tenant, tickets: 0, name: names.get(filter.tenant) ?? filter.tenant });
      const total = counts.reduce((sum, c) => sum + c.tickets, 0);
      const tickets = page.ok ? page.value.items : [];
      const next = page.ok ? page.value.nextCursor : null;
      return sendScreen(
        request,
        reply,
        { title: 'Support tickets', current: '/panel/tickets' },
        <>
          <section aria-labelledby="filter">
            <h2 id="filter">Show</h2>
            <form method="get" action="/panel/tickets" class="row" role="search">
              <div>
                <label for="status">Status</label>
                <select id="status" name="status">
                  {Object.entries(STATUSES).map(([value, label]) => (
                    <option key={value} value={value} selected={value === filter.status}>
                      {label}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label for="tenant">Tenant</label>
                <select id="tenant" name="tenant">
                  <option value="">All tenants ({total})</option>
                  {tenants.map((t) => (
                    <option key={t.tenantId} value={t.tenantId} selected={t.tenantId === filter.tenant}>
                      {t.name} ({t.tickets})
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" class="secondary">
                Show
              </button>
            </form>
          </section>
          <section aria-labelledby="tickets">
            <h2 id="tickets">
              {STATUSES[filter.status]}, oldest first{filter.cursor ? ' (a later page)' : ''}
            </h2>
            {!page.ok && <p role="alert">That page link is not valid any more: start again from the first page.</p>}
            {page.ok && tickets.length === 0 && <p>No tickets here.</p>}
            {tickets.map((t) => (
              <TicketSection key={t.id} request={request} ticket={t} name={names.get(t.tenantId)} filter={filter} />
            ))}
            {next && (
              <p>
                <a href={ticketsPath({ ...filter, cursor: next })}>Next page</a>
              </p>
            )}
            {filter.cursor && (
              <p>
                <a href={ticketsPath({ ...filter, cursor: '' })}>First page</a>
              </p>
            )}
          </section>
        </>,
      );
    });

    app.post('/panel/tickets/:id/messages', signedIn, async (request, reply) => {
      const { id } = request.params as { id: string };
      const form = formOf(request);
      const back = ticketsPath(filterOf(form));
      const body = TicketReplyBody.safeParse({ body: form.body });
      if (!body.success) return refuseForm(request, reply, back, body.error);
      const action = { event: 'platform_reply' as const, body: body.data.body };
      return act(platformCtx(deps, request), request, reply, (ctx) => handleTicket(ctx, id, action), {
        action: 'ticket.reply',
        target: id,
        back,
        done: (t) => `Reply sent on “${t.subject}”.`,
      });
    });

    app.post('/panel/tickets/:id/close', signedIn, async (request, reply) => {
      const { id } = request.params as { id: string };
      const back = ticketsPath(filterOf(formOf(request)));
      return act(platformCtx(deps, request), request, reply, (ctx) => handleTicket(ctx, id, { event: 'close' }), {
        action: 'ticket.close',
        target: id,
        back,
        done: (t) => `“${t.subject}” is closed.`,
      });
    });
  };
}

function TicketSection(props: { request: FastifyRequest; ticket: Ticket; name?: string; filter: TicketFilter }) {
  const { request, ticket: t, filter } = props;
  return (
    <section aria-labelledby={`ticket-${t.id}`}>
      <h3 id={`ticket-${t.id}`}>
        {t.subject} ({t.status})
      </h3>
      <p>
        <a href={`/panel/tenants/${t.tenantId}`}>{props.name ?? `${t.tenantId.slice(0, 8)}…`}</a> {t.environment},
        opened {when(t.createdAt)}
        {t.requestId && (
          <>
            , about request <code>{t.requestId}</code>
          </>
        )}
      </p>
      {t.messages.map((m, i) => (
        <p key={i}>
          <strong>{m.from === 'platform' ? 'Platform' : 'Tenant'}</strong> ({when(m.createdAt)}): {m.body}
        </p>
      ))}
      {t.status !== 'closed' && (
        <>
          <PanelForm request={request} action={`/panel/tickets/${t.id}/messages`} label={`Reply to ${t.subject}`}>
            <FilterFields filter={filter} />
            <label for={`reply-${t.id}`}>Reply</label>
            <textarea id={`reply-${t.id}`} name="body" required maxLength={10_000} />
            <p>
              <button type="submit">Send reply</button>
            </p>
          </PanelForm>
          <ActionButton
            request={request}
            action={`/panel/tickets/${t.id}/close`}
            label="Close"
            name={`Close ${t.subject}`}
            fields={{ status: filter.status, tenant: filter.tenant, cursor: filter.cursor }}
          />
        </>
      )}
    </section>
  );
}
