/** @jsxRuntime automatic @jsxImportSource preact */
import type { FastifyPluginAsync } from 'fastify';
import { latestTickets, openTicket, OpenTicketBody } from '../../domains/support-tickets/index.js';
import type { ServiceDeps } from '../../deps.js';
import { act, formOf, refuseForm } from '../web/act.js';
import { Field, PanelForm, sendScreen, TextAreaField, when } from '../web/shared.js';
import { signedIn } from './site.js';
import { staffCtx } from './staff.js';

const TICKET_LABELS = {
  subject: 'Subject',
  body: 'What happened (a request id from an error helps)',
  request_id: 'Request id (optional)',
};
const TICKET_WORDS = {
  subject: 'Give the ticket a subject of 1 to 200 characters.',
  body: 'Say what happened, in 1 to 10,000 characters.',
  request_id: 'A request id is at most 64 characters, as the error gave it.',
};

/** The tenant environment's support tickets with the platform's answers, and a new ticket. */
export function ticketRoutes(deps: ServiceDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/portal/tickets', signedIn, async (request, reply) => {
      const tickets = await latestTickets(staffCtx(deps, request), 50);
      return sendScreen(
        request,
        reply,
        { title: 'Support tickets', current: '/portal/tickets' },
        <>
          <section aria-labelledby="new">
            <h2 id="new">Ask the platform team</h2>
            <PanelForm request={request} action="/portal/tickets" label="New ticket">
              <Field name="subject" label={TICKET_LABELS.subject} required maxLength={200} size={50} />
              <TextAreaField name="body" label={TICKET_LABELS.body} required maxLength={10_000} />
              <Field name="request_id" label={TICKET_LABELS.request_id} maxLength={64} size={40} />
              <p>
                <button type="submit">Send</button>
              </p>
            </PanelForm>
          </section>
          {tickets.map((t) => (
            <section key={t.id} aria-labelledby={`ticket-${t.id}`} class="wrap">
              <h2 id={`ticket-${t.id}`}>
                {t.subject} ({t.status})
              </h2>
              {t.messages.map((m, i) => (
                <p key={i}>
                  <strong>{m.from === 'platform' ? 'Platform team' : 'You'}</strong> ({when(m.createdAt)}): {m.body}
                </p>
              ))}
            </section>
          ))}
        </>,
      );
    });

    app.post('/portal/tickets', signedIn, async (request, reply) => {
      const form = formOf(request);
      const body = OpenTicketBody.safeParse({
        subject: form.subject,
        body: form.body,
        ...(typeof form.request_id === 'string' && form.request_id.trim() !== ''
          ? { request_id: form.request_id.trim() }
          : {}),
      });
      if (!body.success) return refuseForm(request, reply, '/portal/tickets', body.error, TICKET_WORDS, TICKET_LABELS);
      const input = { subject: body.data.subject, body: body.data.body, requestId: body.data.request_id ?? null };
      return act(staffCtx(deps, request), request, reply, (ctx) => openTicket(ctx, input), {
        action: 'ticket.open',
        target: body.data.subject,
        back: '/portal/tickets',
        done: () => 'Sent: the platform team answers here.',
      });
    });
  };
}
