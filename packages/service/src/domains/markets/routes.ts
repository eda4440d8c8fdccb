import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps.js';
import { principalOf } from '../../http/auth.js';
import { errorResponses, API_KEY_OR_SESSION_ERRORS, API_KEY_OR_SESSION_SECURITY } from '../../http/openapi.js';
import type { RouteMeta } from '../../http/route-meta.js';
import { parseAmount } from '../../lib/money.js';
import { createMarket } from './create-market.js';
import { getFeedMarket } from './get-market.js';
import { getPriceHistory } from './get-price-history.js';
import { getSnapshot } from './get-snapshot.js';
import { listMarkets } from './list-markets.js';
import {
  CreateMarketBody,
  FeedMarket,
  FeedMarketPage,
  History,
  HistoryQuery,
  MarketEnablement,
  MarketParams,
  MarketsQuery,
  PlatformMarket,
  Snapshot,
  TenantMarketParams,
  presentFeedMarket,
  presentOutcomePrices,
  presentPlatformMarket,
  presentSnapshot,
} from './schemas.js';
import { setMarketEnabled } from './set-market-enabled.js';
import { setMarketStatus } from './set-market-status.js';

const platformMeta = { tier: 'platform', credential: 'platform' } as const satisfies RouteMeta;

/**
 * Platform API for markets (decisions part 2): create, enable/disable per tenant, suspend/reopen.
 */
export function marketPlatformRoutes(deps: ServiceDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/platform/v1/markets',
      {
        config: { meta: platformMeta },
        schema: {
          body: CreateMarketBody,
          response: { 201: PlatformMarket, ...errorResponses('validation_failed', 'state_conflict') },
        },
      },
      async (request, reply) => {
        const body = request.body;
        const market = await createMarket(deps, {
          slug: body.slug,
          title: body.title,
          outcomeTitles: body.outcomes.map((o) => o.title),
          opensAt: new Date(body.opens_at),
          closesAt: new Date(body.closes_at),
          maxStakePerPosition: parseAmount(body.max_stake_per_position)!,
          maxOpenStakePerUser: parseAmount(body.max_open_stake_per_user)!,
          liquidity: body.liquidity,
          initialPrices: body.initial_prices,
        });
        return reply.code(201).send(presentPlatformMarket(market));
      },
    );

    for (const [method, enabled] of [
      ['PUT', true],
      ['DELETE', false],
    ] as const) {
      app.route({
        method,
        url: '/platform/v1/tenants/:tenant_id/markets/:slug',
        config: { meta: platformMeta },
        schema: { params: TenantMarketParams, response: { 200: MarketEnablement, ...errorResponses('not_found') } },
        handler: async (request) => {
          const result = await setMarketEnabled(deps, request.params.tenant_id, request.params.slug, enabled);
          return { tenant_id: result.tenantId, market_slug: result.marketSlug, enabled: result.enabled };
        },
      });
    }

    for (const action of ['suspend', 'reopen'] as const) {
      app.post(
        `/platform/v1/markets/:slug/${action}`,
        {
          config: { meta: platformMeta },
          schema: {
            params: MarketParams,
            response: { 200: PlatformMarket, ...errorResponses('not_found', 'state_conflict') },
          },
        },
        async (request) => presentPlatformMarket(await setMarketStatus(deps, request.params.slug, action)),
      );
    }
  };
}

const feedMeta = {
  tier: 'feed_read',
  credential: 'api_key_or_session',
  scope: 'read:markets',
} as const satisfies RouteMeta;
const FEED_ERRORS = API_KEY_OR_SESSION_ERRORS;
const feedDoc = { tags: ['markets'], security: API_KEY_OR_SESSION_SECURITY };

/** The market feed (/v1/markets…): API key with read:markets, or a widget session token. */
export function marketFeedRoutes(deps: ServiceDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/markets',
      {
        config: { meta: feedMeta },
        schema: {
          ...feedDoc,
          summary: 'List the markets enabled for the tenant',
          description: 'Ordered by slug. Takes an API key with read:markets or a widget session token.',
          querystring: MarketsQuery,
          response: { 200: FeedMarketPage, ...errorResponses('validation_failed', ...FEED_ERRORS) },
        },
      },
      async (request) => {
        const { tenantId } = principalOf(request);
        const page = await listMarkets(deps, tenantId, request.query);
        return { data: page.markets.map(presentFeedMarket), next_cursor: page.nextCursor };
      },
    );

    app.get(
      '/v1/markets/:slug',
      {
        config: { meta: feedMeta },
        schema: {
          ...feedDoc,
          summary: 'Read one market with its outcomes and current prices',
          description: 'A market that does not exist or is not enabled for the tenant is 404 not_found.',
          params: MarketParams,
          response: { 200: FeedMarket, ...errorResponses('not_found', ...FEED_ERRORS) },
        },
      },
      async (request) =>
        presentFeedMarket(await getFeedMarket(deps, principalOf(request).tenantId, request.params.slug)),
    );

    app.get(
      '/v1/markets/:slug/snapshot',
      {
        config: { meta: feedMeta },
        schema: {
          ...feedDoc,
          summary: 'Current prices of a market',
          params: MarketParams,
          response: { 200: Snapshot, ...errorResponses('not_found', ...FEED_ERRORS) },
        },
      },
      async (request) => {
        const { market, ts } = await getSnapshot(deps, principalOf(request).tenantId, request.params.slug);
        return presentSnapshot(market, ts);
      },
    );

    app.get(
      '/v1/markets/:slug/history',
      {
        config: { meta: feedMeta },
        schema: {
          ...feedDoc,
          summary: 'Price history of a market',
          description:
            'For each bucket of [from, to) in which the price changed, the last price of that bucket, stamped with the bucket start. ' +
            'Buckets are aligned to UTC; from is rounded down to a bucket start. More than 1,500 buckets is 400 validation_failed.',
          params: MarketParams,
          querystring: HistoryQuery,
          response: { 200: History, ...errorResponses('validation_failed', 'not_found', ...FEED_ERRORS) },
        },
      },
      async (request) => {
        const q = request.query;
        const { market, points } = await getPriceHistory(deps, principalOf(request).tenantId, request.params.slug, {
          from: q.from === undefined ? undefined : new Date(q.from),
          to: q.to === undefined ? undefined : new Date(q.to),
          interval: q.interval,
        });
        return {
          market_slug: market.slug,
          points: points.map((p) => ({ ts: p.ts.toISOString(), outcomes: presentOutcomePrices(market, p.prices) })),
        };
      },
    );
  };
}
