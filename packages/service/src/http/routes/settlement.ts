import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MarketParams, PlatformMarket, presentPlatformMarket } from '../../domains/markets/index.js';
import { changeMarketOutcome, type MarketAction } from '../../domains/settlement/index.js';
import { audited } from '../../domains/audit/index.js';
import { settlementDetails } from './settlement-details.js';
import type { ServiceDeps } from '../../deps.js';
import { platformCtx } from '../context.js';
import { errorResponses } from '../openapi.js';
import { valueOrThrow } from '../present.js';
import { NoBody } from '../../lib/no-body.js';

const meta = { tier: 'platform', credential: 'platform' } as const;
const OutcomeId = z.uuid().describe('An outcome of the market.');

// Strict, as the sandbox's: a body that moves every user's money is refused when it says more than it
// means ({"status":"voided","outcome_id":…} might mean a resolve), never guessed.
const ResolveBody = z.object({ outcome_id: OutcomeId }).strict();
const CorrectionBody = z.discriminatedUnion('status', [
  z.object({ status: z.literal('resolved'), outcome_id: OutcomeId }).strict(),
  z.object({ status: z.literal('voided') }).strict(),
]);
/** A void takes no body; an empty object is allowed, anything in it is refused. */

/** Platform API for market endings (docs/platform-api.md, "Settlement and corrections"): resolve, void, corrections. */
export function settlementRoutes(deps: ServiceDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const errors = errorResponses('validation_failed', 'not_found', 'state_conflict');
    const schema = { params: MarketParams, response: { 200: PlatformMarket, ...errors } };
    const change = async (request: Parameters<typeof platformCtx>[1], slug: string, action: MarketAction) => {
      const entry = { action: `market.${action.kind}`, target: slug, details: settlementDetails(action) };
      const ctx = platformCtx(deps, request);
      return presentPlatformMarket(
        valueOrThrow(await audited(ctx, entry, (tx) => changeMarketOutcome(tx, { slug, action }))),
      );
    };

    app.post(
      '/platform/v1/markets/:slug/resolve',
      { config: { meta }, schema: { ...schema, body: ResolveBody } },
      async (request) => change(request, request.params.slug, { kind: 'resolve', outcomeId: request.body.outcome_id }),
    );
    app.post(
      '/platform/v1/markets/:slug/void',
      { config: { meta }, schema: { ...schema, body: NoBody } },
      async (request) => change(request, request.params.slug, { kind: 'void' }),
    );
    app.post(
      '/platform/v1/markets/:slug/corrections',
      { config: { meta }, schema: { ...schema, body: CorrectionBody } },
      async (request) => {
        const body = request.body;
        const target =
          body.status === 'resolved'
            ? ({ status: 'resolved', outcomeId: body.outcome_id } as const)
            : ({ status: 'voided' } as const);
        return change(request, request.params.slug, { kind: 'correct', target });
      },
    );
  };
}
