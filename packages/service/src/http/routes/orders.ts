import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cancelOrder,
  getOrder,
  listOrders,
  Order,
  OrderListQuery,
  OrderPage,
  OrderParams,
  presentOrder,
} from '../../domains/orders/index.js';
import type { ServiceDeps } from '../../deps.js';
import { presentPage } from '../../lib/page.js';
import { tenantCtx } from '../context.js';
import { API_KEY_OR_SESSION_ERRORS, API_KEY_OR_SESSION_SECURITY, errorResponses } from '../openapi.js';
import { valueOrThrow } from '../present.js';

const security = API_KEY_OR_SESSION_SECURITY;
const AUTH_ERRORS = API_KEY_OR_SESSION_ERRORS;
const tags = ['orders'];

/** Reads and cancels of limit orders; the placement is trading's. */
export function orderRoutes(deps: ServiceDeps): FastifyPluginAsyncZod {
  return async (app) => {
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
          response: {
            200: Order,
            ...errorResponses('validation_failed', ...AUTH_ERRORS, 'not_found', 'state_conflict'),
          },
        },
      },
      async (request) =>
        presentOrder(
          valueOrThrow(await cancelOrder(tenantCtx(deps, request), request.requestContext, request.params.id)),
        ),
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
          response: { 200: Order, ...errorResponses('validation_failed', ...AUTH_ERRORS, 'not_found') },
        },
      },
      async (request) => presentOrder(valueOrThrow(await getOrder(tenantCtx(deps, request), request.params.id))),
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
      async (request) => {
        const { external_user_id, status, limit, cursor } = request.query;
        const filter = { externalUserId: external_user_id, status, limit, cursor };
        return presentPage(valueOrThrow(await listOrders(tenantCtx(deps, request), filter)), presentOrder);
      },
    );
  };
}
