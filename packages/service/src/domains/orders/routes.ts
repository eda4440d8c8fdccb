import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps.js';
import { principalOf } from '../../http/auth.js';
import { idempotencyKeyOf } from '../../http/idempotency-key.js';
import { API_KEY_ERRORS, errorResponses } from '../../http/openapi.js';
import { sendStored } from '../../http/reply.js';
import { contextOf } from '../../http/request-context.js';
import { IdempotencyHeaders } from '../idempotency/schemas.js';
import { cancelOrder, orderFor } from './cancel-order.js';
import { listOrders } from './list-orders.js';
import { placeOrder } from './place-order.js';
import { Order, OrderListQuery, OrderPage, OrderParams, PlaceOrderBody, presentOrder } from './schemas.js';

const AUTH_ERRORS = [...API_KEY_ERRORS, 'invalid_session_token'] as const;
const security: Record<string, string[]>[] = [{ apiKey: [] }, { sessionToken: [] }];
const tags = ['orders'];

export function orderRoutes(deps: ServiceDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/orders',
      {
        config: {
          meta: { tier: 'positions', credential: 'api_key_or_session', scope: 'write:positions', idempotent: true },
        },
        schema: {
          summary: 'Place a limit order',
          description: [
            "With the API key, external_user_id names the user; with a widget session token it is the session's user.",
            'Nothing is debited at placement. The order fills when the price at open for its stake is at or below',
            'limit_price: it opens a position (every open rule applies, at the fill), debits the stake then, and sends',
            'order.filled. Orders are evaluated oldest first at placement, after every open and close on the market and',
            'when the market reopens. A placement the market already satisfies fills at once (status filled);',
            'a fill the open rules refuse (balance, blocked user, stake caps) rejects the order (status rejected).',
            'A refused placement does not spend its key; a placed order replays its first answer for its key.',
          ].join(' '),
          tags,
          security,
          headers: IdempotencyHeaders,
          body: PlaceOrderBody,
          response: {
            201: Order,
            ...errorResponses(
              'validation_failed',
              'idempotency_key_required',
              ...AUTH_ERRORS,
              'user_blocked',
              'unknown_user',
              'market_suspended',
              'idempotency_key_in_progress',
              'request_too_large',
              'idempotency_key_reused',
            ),
          },
        },
      },
      async (request, reply) => {
        const answer = await placeOrder(
          deps,
          principalOf(request),
          contextOf(request),
          idempotencyKeyOf(request),
          request.body,
        );
        return sendStored(reply, answer.status, answer.body, answer.retryAfter);
      },
    );

    app.delete(
      '/v1/orders/:id',
      {
        config: { meta: { tier: 'positions', credential: 'api_key_or_session', scope: 'write:positions' } },
        schema: {
          summary: 'Cancel a limit order',
          description: [
            'An open order becomes cancelled; the answer is the order. Takes no Idempotency-Key: a DELETE is naturally',
            'idempotent, and cancelling a cancelled order answers it again with 200. A filled, expired or rejected order',
            'is 409 state_conflict (so is an open order past its expires_at, which is expired instead).',
          ].join(' '),
          tags,
          security,
          params: OrderParams,
          response: { 200: Order, ...errorResponses(...AUTH_ERRORS, 'not_found', 'state_conflict') },
        },
      },
      async (request) => presentOrder(await cancelOrder(deps, principalOf(request), request.params.id)),
    );

    app.get(
      '/v1/orders/:id',
      {
        config: { meta: { tier: 'default', credential: 'api_key_or_session', scope: 'write:positions' } },
        schema: {
          summary: 'Read a limit order',
          description: "A session token reads only its own user's orders.",
          tags,
          security,
          params: OrderParams,
          response: { 200: Order, ...errorResponses(...AUTH_ERRORS, 'not_found') },
        },
      },
      async (request) => presentOrder(await orderFor(deps.db, principalOf(request), request.params.id)),
    );

    app.get(
      '/v1/orders',
      {
        config: { meta: { tier: 'default', credential: 'api_key_or_session', scope: 'write:positions' } },
        schema: {
          summary: 'List limit orders',
          description: "Oldest first. A session token lists only its own user's orders.",
          tags,
          security,
          querystring: OrderListQuery,
          response: { 200: OrderPage, ...errorResponses('validation_failed', ...AUTH_ERRORS) },
        },
      },
      async (request) => listOrders(deps, principalOf(request), request.query),
    );
  };
}
