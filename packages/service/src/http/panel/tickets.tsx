/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyPluginAsync } from 'fastify';
import type { TicketStatus } from '../../db/schema.js';
import {
  getAnyTicket,
  handleTicket,
  listAllTickets,
  ticketCountsByTenant,
  TicketReplyBody,
} from '../../domains/support-tickets/index.js';
import { tenantNames } from '../../domains/tenants/index.js';
import type { ServiceDeps } from '../../deps.js';
import { platformCtx } from '../context.js';
import { act, formOf, refuseForm } from '../web/act.js';
import { ScrollTable, sendScreen, when } from '../web/shared.js';
import { signedIn } from './site.js';
import { sendNoTicket, sendTicketPage } from './ticket-page.js';
import { filterOf, STATUS_WORDS, STATUSES, tenantLabel, ticketPath, ticketsPath, waiting } from './ticket-parts.js';

const REPLY_WORDS = { body: 'Write a reply of 1 to 10,000 characters.' };

/** Tickets a page: one row each, a page a support person takes in at once. */
const PAGE = 25;

/**
 * Support tickets (docs/operator-api.md, "Support tickets"): a page at a time, oldest first, of one status (open, the
 * ones waiting for the platform, by default) and one tenant or all, one row per ticket; each ticket is
 * read and answered on its own page. Oldest first because the list is a queue: whoever has waited
 * longest is answered first, and a tenant that opens a hundred tickets pushes nobody else's back (the
 * tenant filter shows how many each tenant has, and narrows to one).
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
      const now = deps.clock.now();
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
            {tickets.length > 0 && (
              <ScrollTable label="Support tickets">
                <thead>
                  <tr>
                    <th scope="col">Subject</th>
                    <th scope="col">Tenant</th>
                    <th scope="col">Environment</th>
                    <th scope="col">Status</th>
                    <th scope="col">Opened</th>
                    <th scope="col">Waiting</th>
                    <th scope="col" class="num">
                      Messages
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {tickets.map((t) => (
                    <tr key={t.id}>
                      <td class="lead">
                        <a class="clip" href={ticketPath(t.id, filter)} title={t.subject}>
                          {t.subject}
                        </a>
                      </td>
                      <td>
                        <a class="clip" href={`/panel/tenants/${t.tenantId}`}>
                          {tenantLabel(t.tenantId, names.get(t.tenantId))}
                        </a>
                      </td>
                      <td class="nowrap">{t.environment}</td>
                      <td class="nowrap">{STATUS_WORDS[t.status]}</td>
                      <td class="nowrap">{when(t.createdAt)}</td>
                      <td class="nowrap">{waiting(t, now)}</td>
                      <td class="num">{t.messages.length}</td>
                    </tr>
                  ))}
                </tbody>
              </ScrollTable>
            )}
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

    // The id is a uuid by now (the site's parameter check answers anything else with a 404 page).
    app.get('/panel/tickets/:id', signedIn, async (request, reply) => {
      const { id } = request.params as { id: string };
      const ctx = platformCtx(deps, request);
      const filter = filterOf(request.query as Record<string, unknown>);
      const found = await getAnyTicket(ctx, id);
      if (!found.ok) return sendNoTicket(request, reply, id, filter);
      const names = await tenantNames(ctx, [found.value.tenantId]);
      return sendTicketPage(request, reply, {
        ticket: found.value,
        tenantName: names.get(found.value.tenantId),
        filter,
        now: deps.clock.now(),
      });
    });

    app.post('/panel/tickets/:id/messages', signedIn, async (request, reply) => {
      const { id } = request.params as { id: string };
      const form = formOf(request);
      const back = ticketPath(id, filterOf(form));
      const body = TicketReplyBody.safeParse({ body: form.body });
      if (!body.success) return refuseForm(request, reply, back, body.error, REPLY_WORDS);
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
      const back = ticketPath(id, filterOf(formOf(request)));
      return act(platformCtx(deps, request), request, reply, (ctx) => handleTicket(ctx, id, { event: 'close' }), {
        action: 'ticket.close',
        target: id,
        back,
        done: (t) => `“${t.subject}” is closed.`,
      });
    });
  };
}
