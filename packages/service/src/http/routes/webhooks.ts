import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { audited } from '../../domains/audit/index.js';
import {
  type BulkResend,
  BulkResendBody,
  BulkResent,
  deadLetterFilterOf,
  DeadLetterPage,
  DeadLetterParams,
  DeadLettersQuery,
  EventPage,
  EventsQuery,
  listDeadLetters,
  listEvents,
  presentDeadLetter,
  presentEventFeed,
  resendDeadLetter,
  resendDeadLetters,
  ResentDelivery,
} from '../../domains/webhooks/index.js';
import type { ServiceDeps } from '../../deps.js';
import { ApiError } from '../../errors/index.js';
import { presentPage } from '../../lib/page.js';
import { platformCtx, tenantCtx } from '../context.js';
import { API_KEY_ERRORS, API_KEY_SECURITY, errorResponses } from '../openapi.js';
import { valueOrThrow } from '../present.js';
import type { RouteMeta } from '../route-meta.js';
import { PLATFORM_API } from './tenant-pauses.js';

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
        const feed = await listEvents(tenantCtx(deps, request), { after: after ?? cursor, limit });
        return presentEventFeed(valueOrThrow(feed));
      },
    );
  };
}

const platformMeta = { tier: 'platform', credential: 'platform' } as const satisfies RouteMeta;

/** What the audit log keeps of a bulk resend, from the API or the panel: how many, per tenant environment. */
export function bulkResendDetails(done: BulkResend): Record<string, unknown> {
  return {
    resent: done.resent,
    capped: done.capped,
    by_tenant: done.byTenant.map((c) => ({ tenant_id: c.tenantId, environment: c.environment, count: c.count })),
  };
}

/** Platform API for webhook dead letters (docs/platform-api.md, "Dead letters"). */
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
      async (request) => {
        const { limit, cursor, ...fields } = request.query;
        const query = { filter: deadLetterFilterOf(fields), limit, cursor };
        return presentPage(valueOrThrow(await listDeadLetters(platformCtx(deps, request), query)), presentDeadLetter);
      },
    );

    app.post(
      '/platform/v1/dead-letters/resend',
      {
        config: { meta: platformMeta },
        schema: {
          body: BulkResendBody,
          response: { 200: BulkResent, ...errorResponses('validation_failed') },
        },
      },
      async (request) => {
        const filter = deadLetterFilterOf(request.body);
        const entry = {
          who: PLATFORM_API,
          action: 'dead_letter.resend_all',
          target: request.body.tenant_id ?? 'all tenants',
          tenantId: filter.tenantId,
          environment: filter.environment,
          details: { filter: request.body },
        };
        const done = valueOrThrow(
          await audited(platformCtx(deps, request), entry, (ctx) => resendDeadLetters(ctx, filter), bulkResendDetails),
        );
        return { resent: done.resent };
      },
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
      async (request) => {
        const { id } = request.params;
        const entry = { action: 'dead_letter.resend', target: id, details: {} };
        return valueOrThrow(await audited(platformCtx(deps, request), entry, (tx) => resendDeadLetter(tx, id)));
      },
    );
  };
}
