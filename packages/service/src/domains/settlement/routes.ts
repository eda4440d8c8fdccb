import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps.js';
import { ApiError } from '../../errors/index.js';
import { errorResponses } from '../../http/openapi.js';
import { findMarketBySlug } from '../markets/market-repo.js';
import { MarketParams, PlatformMarket, presentPlatformMarket } from '../markets/schemas.js';
import { changeMarketOutcome } from './change-market-outcome.js';
import type { MarketAction } from './model/market-transition.js';

const meta = { tier: 'platform', credential: 'platform' } as const;
const OutcomeId = z.string().min(1).max(64).describe('An outcome of the market.');

const ResolveBody = z.object({ outcome_id: OutcomeId });
const CorrectionBody = z.discriminatedUnion('status', [
  z.object({ status: z.literal('resolved'), outcome_id: OutcomeId }),
  z.object({ status: z.literal('voided') }),
]);

/** Platform API for market endings (decisions part 2): resolve, void, and corrections of either. */
export function settlementRoutes(deps: ServiceDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const answer = async (slug: string, action: MarketAction) => {
      await changeMarketOutcome(deps, slug, action);
      const market = await findMarketBySlug(deps.db, slug);
      if (!market) throw new ApiError('not_found', `No market ${slug}.`);
      return presentPlatformMarket(market);
    };
    const errors = errorResponses('validation_failed', 'not_found', 'state_conflict');

    app.post(
      '/platform/v1/markets/:slug/resolve',
      {
        config: { meta },
        schema: { params: MarketParams, body: ResolveBody, response: { 200: PlatformMarket, ...errors } },
      },
      async (request) => answer(request.params.slug, { kind: 'resolve', outcomeId: request.body.outcome_id }),
    );
    app.post(
      '/platform/v1/markets/:slug/void',
      { config: { meta }, schema: { params: MarketParams, response: { 200: PlatformMarket, ...errors } } },
      async (request) => answer(request.params.slug, { kind: 'void' }),
    );
    app.post(
      '/platform/v1/markets/:slug/corrections',
      {
        config: { meta },
        schema: { params: MarketParams, body: CorrectionBody, response: { 200: PlatformMarket, ...errors } },
      },
      async (request) => {
        const body = request.body;
        const target =
          body.status === 'resolved'
            ? ({ status: 'resolved', outcomeId: body.outcome_id } as const)
            : ({ status: 'voided' } as const);
        return answer(request.params.slug, { kind: 'correct', target });
      },
    );
  };
}
