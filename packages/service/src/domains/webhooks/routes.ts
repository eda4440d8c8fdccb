import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps.js';
import { ApiError } from '../../errors/index.js';
import { principalOf } from '../../http/auth.js';
import { API_KEY_ERRORS, API_KEY_SECURITY, errorResponses } from '../../http/openapi.js';
import type { RouteMeta } from '../../http/route-meta.js';
import { listDeadLetters } from './list-dead-letters.js';
import { listEvents } from './list-events.js';
import { resendDeadLetter } from './resend-dead-letter.js';
import {
  DeadLetterPage,
  DeadLetterParams,
  DeadLettersQuery,
  EventPage,
  EventsQuery,
  ResentDelivery,
} from './schemas.js';

/** GET /v1/events: the webhook stream read back, to catch up after an outage without waiting for retries. */
export function eventFeedRoutes(deps: ServiceDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/events',
      {
        config: { meta: { tier: 'default', credential: 'api_key', scope: 'write:positions' } },
        schema: {
          summary: 'List events (the webhook stream)',
          description:
            'The events of this environment, each byte for byte the body of its webhook (same id as X-Webhook-Delivery), ' +
            'whether or not a webhook_url is set. The order is stable: an event never appears before a cursor already ' +
            'handed out, so reading from the last next_cursor after an outage misses nothing. The newest events show ' +
            'once every transaction that started before theirs has ended (usually milliseconds).',
          tags: ['events'],
          security: API_KEY_SECURITY,
          querystring: EventsQuery,
          response: { 200: EventPage, ...errorResponses('validation_failed', ...API_KEY_ERRORS) },
        },
      },
      async (request) => {
        const { after, cursor, limit } = request.query;
        if (after !== undefined && cursor !== undefined && after !== cursor) {
          throw new ApiError('validation_failed', 'after and cursor name the same place; send one of them.');
        }
        return listEvents(deps, principalOf(request), { after: after ?? cursor, limit });
      },
    );
  };
}

const platformMeta = { tier: 'platform', credential: 'platform' } as const satisfies RouteMeta;

/** Platform API for webhook dead letters (decisions part 2). */
export function deadLetterPlatformRoutes(deps: ServiceDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/platform/v1/dead-letters',
      {
        config: { meta: platformMeta },
        schema: {
          querystring: DeadLettersQuery,
          response: { 200: DeadLetterPage, ...errorResponses('validation_failed') },
        },
      },
      async (request) => listDeadLetters(deps, request.query),
    );

    app.post(
      '/platform/v1/dead-letters/:id/resend',
      {
        config: { meta: platformMeta },
        schema: {
          params: DeadLetterParams,
          response: { 200: ResentDelivery, ...errorResponses('not_found', 'state_conflict') },
        },
      },
      async (request) => resendDeadLetter(deps, request.params.id),
    );
  };
}
