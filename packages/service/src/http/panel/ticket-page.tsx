/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Ticket } from '../../domains/support-tickets/index.js';
import { ActionButton, PanelForm, sendScreen, TextAreaField, when } from '../web/shared.js';
import { FilterFields, STATUS_WORDS, tenantLabel, ticketsPath, waiting, type TicketFilter } from './ticket-parts.js';

/**
 * One ticket on its own page: its facts, every message in order (as text: a body is the tenant's words,
 * never markup, its line breaks kept by the style sheet), the reply form and Close. The list's filter
 * travels with the page, so "Back to the list" and the forms return to where the reader came from.
 */
export function sendTicketPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: { ticket: Ticket; tenantName: string | undefined; filter: TicketFilter; now: Date },
): FastifyReply {
  const { ticket: t, filter } = page;
  const tenant = tenantLabel(t.tenantId, page.tenantName);
  return sendScreen(
    request,
    reply,
    { title: t.subject, current: '/panel/tickets' },
    <>
      <p>
        <a href={ticketsPath(filter)}>Back to the list</a>
      </p>
      <section aria-labelledby="facts">
        <h2 id="facts">Ticket</h2>
        <dl>
          <dt>Tenant</dt>
          <dd>
            <a href={`/panel/tenants/${t.tenantId}`}>{tenant}</a>
          </dd>
          <dt>Environment</dt>
          <dd>{t.environment}</dd>
          <dt>Status</dt>
          <dd>{STATUS_WORDS[t.status]}</dd>
          <dt>Opened</dt>
          <dd>{when(t.createdAt)}</dd>
          {t.status === 'open' && (
            <>
              <dt>Waiting</dt>
              <dd>{waiting(t, page.now)}</dd>
            </>
          )}
          {t.requestId && (
            <>
              <dt>Request id</dt>
              <dd>
                <code>{t.requestId}</code>
              </dd>
            </>
          )}
          <dt>Ticket id</dt>
          <dd>
            <code>{t.id}</code>
          </dd>
        </dl>
      </section>
      <section aria-labelledby="messages">
        <h2 id="messages">Messages ({t.messages.length})</h2>
        <ol class="messages">
          {t.messages.map((m, i) => (
            <li key={i} class={m.from}>
              <p class="from">
                <strong>{m.from === 'platform' ? 'Platform' : tenant}</strong>{' '}
                <span class="nowrap">{when(m.createdAt)}</span>
              </p>
              <p class="text">{m.body}</p>
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="answer">
        <h2 id="answer">Reply</h2>
        {t.status === 'closed' ? (
          <p>This ticket is closed: it takes no more replies.</p>
        ) : (
          <>
            <PanelForm request={request} action={`/panel/tickets/${t.id}/messages`} label="Reply">
              <FilterFields filter={filter} />
              <TextAreaField
                id="reply"
                name="body"
                label="Your reply (the tenant reads it as the platform's)"
                required
                maxLength={10_000}
              />
              <p>
                <button type="submit">Send reply</button>
              </p>
            </PanelForm>
            <p>Nothing more to say? A closed ticket takes no more replies.</p>
            <ActionButton
              request={request}
              action={`/panel/tickets/${t.id}/close`}
              label="Close ticket"
              fields={{ status: filter.status, tenant: filter.tenant, cursor: filter.cursor }}
            />
          </>
        )}
      </section>
    </>,
  );
}

/** An id that names no ticket (or none at all): a page that says so, with the way back. */
export function sendNoTicket(request: FastifyRequest, reply: FastifyReply, id: string, filter: TicketFilter) {
  return sendScreen(
    request,
    reply,
    { title: 'No such ticket', current: '/panel/tickets', status: 404 },
    <p>
      There is no support ticket {id.slice(0, 80)}. <a href={ticketsPath(filter)}>Back to the list</a>
    </p>,
  );
}
