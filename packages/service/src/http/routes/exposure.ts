import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MarketParams } from '../../domains/markets/index.js';
import {
  Exposure,
  getExposure,
  getMarketExposure,
  PlatformExposureAnswer,
  presentExposure,
  presentPlatformExposure,
} from '../../domains/positions/index.js';
import type { ServiceDeps } from '../../deps.js';
import { platformCtx, tenantCtx } from '../context.js';
import { API_KEY_ERRORS, API_KEY_SECURITY, errorResponses } from '../openapi.js';
import { valueOrThrow } from '../present.js';
import type { RouteMeta } from '../route-meta.js';

/** The operator's own risk, so its key only: a widget session token is invalid_api_key here. */
const meta = { tier: 'default', credential: 'api_key', scope: 'write:positions' } as const satisfies RouteMeta;

/** The exposure of a market (docs/guides/exposure.md): what the open positions would pay for each outcome. */
export function exposureRoutes(deps: ServiceDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/markets/:slug/exposure',
      {
        config: { meta },
        schema: {
          summary: "A market's exposure: what your open positions pay for each outcome",
          description:
            "For this key's tenant environment (sandbox and live apart), every outcome of the market with the open " +
            'positions on it, their stake, what they pay if it wins (each position: stake / price at open rounded ' +
            'down to the cent, as settlement pays) and net_if_wins, that payout minus the open stake of the whole ' +
            'market. Closed and settled positions are not counted, so a resolved or voided market answers zeros. ' +
            'A market that does not exist or is not enabled for the tenant is 404 not_found.',
          tags: ['positions'],
          security: API_KEY_SECURITY,
          params: MarketParams,
          response: { 200: Exposure, ...errorResponses('validation_failed', 'not_found', ...API_KEY_ERRORS) },
        },
      },
      async (request) =>
        presentExposure(valueOrThrow(await getExposure(tenantCtx(deps, request), request.params.slug))),
    );
  };
}

/**
 * The platform's view of a market's exposure (docs/platform-api.md): every tenant environment's lines, their
 * sums, and the market maker's bound and q, for the person on call.
 */
export function platformExposureRoutes(deps: ServiceDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/platform/v1/markets/:slug/exposure',
      {
        config: { meta: { tier: 'platform', credential: 'platform' } },
        schema: {
          params: MarketParams,
          response: { 200: PlatformExposureAnswer, ...errorResponses('validation_failed', 'not_found') },
        },
      },
      async (request) =>
        presentPlatformExposure(valueOrThrow(await getMarketExposure(platformCtx(deps, request), request.params.slug))),
    );
  };
}
