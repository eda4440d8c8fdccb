import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdempotencyHeaders, keyedWork, type KeyedWork } from '../../domains/idempotency/index.js';
import {
  getTicket,
  handleTicket,
  listAllTickets,
  listTickets,
  OpenedTicket,
  openTicket,
  OpenTicketBody,
  PlatformTicket,
  PlatformTicketPage,
  PlatformTicketQuery,
  presentOpenedTicket,
  presentPlatformTicket,
  presentTicket,
  SupportTicket,
  SupportTicketPage,
  TicketParams,
  TicketQuery,
  TicketReplyBody,
  type OpenTicketInput,
  type Ticket,
} from '../../domains/support-tickets/index.js';
import { audited } from '../../domains/audit/index.js';
import type { ServiceDeps } from '../../deps.js';
import { presentPage } from '../../lib/page.js';
import { platformCtx, tenantCtx } from '../context.js';
import { idempotencyKeyOf } from '../idempotency-key.js';
import { sendStored } from '../stored-answer.js';
import { API_KEY_ERRORS, API_KEY_SECURITY, API_KEY_WRITE_ERRORS, errorResponses } from '../openapi.js';
import { presenter } from '../../lib/present.js';
import { valueOrThrow } from '../present.js';
import type { RouteMeta } from '../route-meta.js';

const meta = { tier: 'default', credential: 'api_key', scope: 'write:tickets' } as const satisfies RouteMeta;
const platformMeta = { tier: 'platform', credential: 'platform' } as const satisfies RouteMeta;
const tags = ['support tickets'];

const openWrite: KeyedWork<OpenTicketInput, Ticket> = {
  operation: 'support_ticket_open',
  run: openTicket,
  status: 201,
  present: presenter(OpenedTicket, presentOpenedTicket),
};

/** A tenant's support tickets (docs/operator-api.md): open one with an Idempotency-Key, read its own. */
export function supportTicketRoutes(deps: ServiceDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/support-tickets',
      {
        config: { meta: { ...meta, idempotent: true } },
        schema: {
          summary: 'Open a support ticket',
          description:
            'subject 1–200 characters, body 1–10,000 (line breaks kept), request_id optional; no control characters ' +
            'and no bidirectional controls (U+202A–U+202E, U+2066–U+2069) in any of them. The answer is replayed ' +
            'for its Idempotency-Key with no time limit. Raises of the tenant rate limits (balance_sync, positions, ' +
            'default) are asked here.',
          tags,
          security: API_KEY_SECURITY,
          headers: IdempotencyHeaders,
          body: OpenTicketBody,
          response: {
            201: OpenedTicket,
            ...errorResponses(...API_KEY_WRITE_ERRORS),
          },
        },
      },
      async (request, reply) => {
        const ctx = tenantCtx(deps, request);
        const body = request.body;
        const input = { subject: body.subject, body: body.body, requestId: body.request_id ?? null };
        const unit = { key: idempotencyKeyOf(request), fields: { ...body }, input };
        return sendStored(reply, await keyedWork(ctx, request.requestContext, openWrite, unit));
      },
    );

    app.get(
      '/v1/support-tickets/:id',
      {
        config: { meta },
        schema: {
          summary: 'Read a support ticket with its messages',
          tags,
          security: API_KEY_SECURITY,
          params: TicketParams,
          response: { 200: SupportTicket, ...errorResponses('validation_failed', ...API_KEY_ERRORS, 'not_found') },
        },
      },
      async (request) => presentTicket(valueOrThrow(await getTicket(tenantCtx(deps, request), request.params.id))),
    );

    app.get(
      '/v1/support-tickets',
      {
        config: { meta },
        schema: {
          summary: "The tenant environment's support tickets, oldest first",
          tags,
          security: API_KEY_SECURITY,
          querystring: TicketQuery,
          response: { 200: SupportTicketPage, ...errorResponses('validation_failed', ...API_KEY_ERRORS) },
        },
      },
      async (request) =>
        presentPage(valueOrThrow(await listTickets(tenantCtx(deps, request), request.query)), presentTicket),
    );
  };
}

/** The platform team's side: every tenant's tickets, a reply, closing. */
export function supportTicketPlatformRoutes(deps: ServiceDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/platform/v1/support-tickets',
      {
        config: { meta: platformMeta },
        schema: {
          summary: "Every tenant's support tickets, oldest first, a page at a time",
          description:
            'A queue: oldest first (by when they were opened), so the open ticket that has waited longest comes ' +
            'first and one tenant opening many pushes nobody back. tenant_id and status narrow the list; ' +
            'next_cursor continues it (pass the same filters with it); limit 1–500, default 50.',
          querystring: PlatformTicketQuery,
          response: { 200: PlatformTicketPage, ...errorResponses('validation_failed') },
        },
      },
      async (request) => {
        const { tenant_id, status, limit, cursor } = request.query;
        const page = await listAllTickets(platformCtx(deps, request), { tenantId: tenant_id, status, limit, cursor });
        return presentPage(valueOrThrow(page), presentPlatformTicket);
      },
    );

    app.post(
      '/platform/v1/support-tickets/:id/messages',
      {
        config: { meta: platformMeta },
        schema: {
          params: TicketParams,
          body: TicketReplyBody,
          response: { 201: PlatformTicket, ...errorResponses('validation_failed', 'not_found', 'state_conflict') },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const action = { event: 'platform_reply' as const, body: request.body.body };
        const entry = { action: 'ticket.reply', target: id, details: {} };
        const ticket = valueOrThrow(
          await audited(platformCtx(deps, request), entry, (tx) => handleTicket(tx, id, action)),
        );
        return reply.code(201).send(presentPlatformTicket(ticket));
      },
    );

    app.post(
      '/platform/v1/support-tickets/:id/close',
      {
        config: { meta: platformMeta },
        schema: { params: TicketParams, response: { 200: PlatformTicket, ...errorResponses('not_found') } },
      },
      async (request) => {
        const { id } = request.params;
        const entry = { action: 'ticket.close', target: id, details: {} };
        const ctx = platformCtx(deps, request);
        return presentPlatformTicket(
          valueOrThrow(await audited(ctx, entry, (tx) => handleTicket(tx, id, { event: 'close' }))),
        );
      },
    );
  };
}
