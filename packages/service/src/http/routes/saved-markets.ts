import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  listSavedMarkets,
  presentSavedMarket,
  SavedMarket,
  SavedMarketList,
  SavedMarketParams,
  saveMarket,
  unsaveMarket,
} from '../../domains/saved-markets/index.js';
import type { ServiceDeps } from '../../deps.js';
import { tenantCtx } from '../context.js';
import { errorResponses, NO_CONTENT, SESSION_ERRORS, SESSION_SECURITY } from '../openapi.js';
import { valueOrThrow } from '../present.js';
import type { RouteMeta } from '../route-meta.js';

const meta = { tier: 'saved_markets', credential: 'session' } as const satisfies RouteMeta;
const tags = ['widget'];
const security = SESSION_SECURITY;

/** A widget user's saved markets: PUT and DELETE are naturally idempotent, so they take no keys. */
export function savedMarketRoutes(deps: ServiceDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/widget/saved-markets',
      {
        config: { meta },
        schema: {
          summary: "The session user's saved markets",
          tags,
          security,
          response: { 200: SavedMarketList, ...errorResponses(...SESSION_ERRORS) },
        },
      },
      async (request) => ({
        data: valueOrThrow(await listSavedMarkets(tenantCtx(deps, request))).map(presentSavedMarket),
      }),
    );

    app.put(
      '/v1/widget/saved-markets/:market_slug',
      {
        config: { meta },
        schema: {
          summary: 'Save a market',
          description:
            'Saving a saved market answers 200 with its first saved_at. At most 50 per user: one more is 409 ' +
            'saved_markets_limit_reached. A market not enabled for the tenant is 404 not_found.',
          tags,
          security,
          params: SavedMarketParams,
          response: {
            200: SavedMarket,
            ...errorResponses(
              'validation_failed',
              ...SESSION_ERRORS,
              'not_found',
              'saved_markets_limit_reached',
              'request_too_large',
            ),
          },
        },
      },
      async (request) =>
        presentSavedMarket(valueOrThrow(await saveMarket(tenantCtx(deps, request), request.params.market_slug))),
    );

    app.delete(
      '/v1/widget/saved-markets/:market_slug',
      {
        config: { meta },
        schema: {
          summary: 'Remove a saved market',
          description: '204 also when the market was not saved.',
          tags,
          security,
          params: SavedMarketParams,
          response: { ...NO_CONTENT, ...errorResponses('validation_failed', ...SESSION_ERRORS) },
        },
      },
      async (request, reply) => {
        valueOrThrow(await unsaveMarket(tenantCtx(deps, request), request.params.market_slug));
        return reply.code(204).send(null);
      },
    );
  };
}
