import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  getPosition,
  listPositions,
  listRejections,
  Position,
  PositionListQuery,
  PositionPage,
  PositionParams,
  presentPosition,
  presentRejection,
  RejectionListQuery,
  RejectionPage,
} from '../../domains/positions/index.js';
import type { ServiceDeps } from '../../deps.js';
import { presentPage } from '../../lib/page.js';
import { tenantCtx } from '../context.js';
import { API_KEY_ERRORS, API_KEY_OR_SESSION_ERRORS, API_KEY_OR_SESSION_SECURITY, errorResponses } from '../openapi.js';
import { valueOrThrow } from '../present.js';

const security = API_KEY_OR_SESSION_SECURITY;
const meta = { tier: 'default', credential: 'api_key_or_session', scope: 'write:positions' } as const;

/** Reads of positions and of refused trade attempts; the writes are trading's. */
export function positionRoutes(deps: ServiceDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/positions/:id',
      {
        config: { meta },
        schema: {
          summary: 'Read a position',
          tags: ['positions'],
          security,
          params: PositionParams,
          response: {
            200: Position,
            ...errorResponses('validation_failed', ...API_KEY_OR_SESSION_ERRORS, 'not_found'),
          },
        },
      },
      async (request) => presentPosition(valueOrThrow(await getPosition(tenantCtx(deps, request), request.params.id))),
    );

    app.get(
      '/v1/positions',
      {
        config: { meta },
        schema: {
          summary: 'List positions',
          description: "Oldest first. A session token lists only its own user's positions.",
          tags: ['positions'],
          security,
          querystring: PositionListQuery,
          response: { 200: PositionPage, ...errorResponses('validation_failed', ...API_KEY_OR_SESSION_ERRORS) },
        },
      },
      async (request) => {
        const { external_user_id, market_slug, state, limit, cursor } = request.query;
        const filter = { externalUserId: external_user_id, marketSlug: market_slug, state, limit, cursor };
        return presentPage(valueOrThrow(await listPositions(tenantCtx(deps, request), filter)), presentPosition);
      },
    );

    app.get(
      '/v1/position-rejections',
      {
        config: { meta: { ...meta, credential: 'api_key' } },
        schema: {
          summary: 'List rejected open and close attempts',
          description:
            "Each with the error code it got, the request's fields and its time; oldest first. Kept 30 days, " +
            'then deleted by an hourly job.',
          tags: ['positions'],
          security: [{ apiKey: [] }],
          querystring: RejectionListQuery,
          response: { 200: RejectionPage, ...errorResponses('validation_failed', ...API_KEY_ERRORS) },
        },
      },
      async (request) => {
        const { external_user_id, limit, cursor } = request.query;
        const filter = { externalUserId: external_user_id, limit, cursor };
        return presentPage(valueOrThrow(await listRejections(tenantCtx(deps, request), filter)), presentRejection);
      },
    );
  };
}
