import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createMarket,
  CreateMarketBody,
  FeedMarket,
  FeedMarketPage,
  getFeedMarket,
  getPriceHistory,
  History,
  HistoryQuery,
  MarketEnablement,
  MarketParams,
  MarketsQuery,
  newMarketOf,
  PlatformMarket,
  presentEnablement,
  presentFeedMarket,
  presentHistory,
  presentPlatformMarket,
  presentSnapshot,
  setMarketEnabled,
  Snapshot,
  TenantMarketParams,
  findMarketBySlug,
  isSlug,
  updateMarket,
  UpdateMarketBody,
} from '../../domains/markets/index.js';
import { audited } from '../../domains/audit/index.js';
import { listFeedMarkets, readFeedMarket } from '../../domains/market-feed/index.js';
import { ApiError } from '../../errors/index.js';
import type { ServiceDeps } from '../../deps.js';
import { presentPage } from '../../lib/page.js';
import { platformCtx, tenantCtx } from '../context.js';
import { API_KEY_OR_SESSION_ERRORS, API_KEY_OR_SESSION_SECURITY, errorResponses } from '../openapi.js';
import { valueOrThrow } from '../present.js';
import type { RouteMeta } from '../route-meta.js';
import { PLATFORM_API } from './tenant-pauses.js';

const platformMeta = { tier: 'platform', credential: 'platform' } as const satisfies RouteMeta;

/** Platform API for markets (docs/platform-api.md, "Markets"): create, enable and disable per tenant. */
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
        const { slug, title, outcomes, liquidity, opens_at, closes_at } = request.body;
        const entry = {
          action: 'market.create',
          target: slug,
          details: { title, outcomes: outcomes.length, liquidity, opens_at, closes_at },
        };
        const ctx = platformCtx(deps, request);
        const market = valueOrThrow(await audited(ctx, entry, (tx) => createMarket(tx, newMarketOf(request.body))));
        return reply.code(201).send(presentPlatformMarket(market));
      },
    );

    app.get(
      '/platform/v1/markets/:slug',
      {
        config: { meta: platformMeta },
        schema: { params: MarketParams, response: { 200: PlatformMarket, ...errorResponses('not_found') } },
      },
      async (request) => {
        const market = await findMarketBySlug(platformCtx(deps, request).db, request.params.slug);
        if (!market) throw new ApiError('not_found', `No market ${request.params.slug}.`);
        return presentPlatformMarket(market);
      },
    );

    app.patch(
      '/platform/v1/markets/:slug',
      {
        config: { meta: platformMeta },
        schema: {
          params: MarketParams,
          body: UpdateMarketBody,
          response: { 200: PlatformMarket, ...errorResponses('validation_failed', 'not_found') },
        },
      },
      async (request) => {
        const { slug } = request.params;
        // Text that is not a slug names no market, and is not written to the audit log either.
        if (!isSlug(slug)) throw new ApiError('not_found', `No market ${slug}.`);
        const { sandbox_influence, rules, resolution_source } = request.body;
        const changes = { sandboxInfluence: sandbox_influence, rules, resolutionSource: resolution_source };
        const entry = { who: PLATFORM_API, action: 'market.update', target: slug, details: { ...request.body } };
        const ctx = platformCtx(deps, request);
        return presentPlatformMarket(valueOrThrow(await audited(ctx, entry, (tx) => updateMarket(tx, slug, changes))));
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
        schema: {
          params: TenantMarketParams,
          response: { 200: MarketEnablement, ...errorResponses('validation_failed', 'not_found') },
        },
        handler: async (request) => {
          const input = { tenantId: request.params.tenant_id, marketSlug: request.params.slug, enabled };
          const entry = {
            action: enabled ? 'market.enable' : 'market.disable',
            target: input.marketSlug,
            tenantId: input.tenantId,
            details: { tenant_id: input.tenantId },
          };
          const ctx = platformCtx(deps, request);
          return presentEnablement(valueOrThrow(await audited(ctx, entry, (tx) => setMarketEnabled(tx, input))));
        },
      });
    }
  };
}

const feedMeta = {
  tier: 'feed_read',
  killSwitch: 'feed',
  credential: 'api_key_or_session',
  scope: 'read:markets',
} as const satisfies RouteMeta;
const FEED_ERRORS = [...API_KEY_OR_SESSION_ERRORS, 'feed_paused'] as const;
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
      async (request) =>
        presentPage(valueOrThrow(await listFeedMarkets(tenantCtx(deps, request), request.query)), presentFeedMarket),
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
          response: { 200: FeedMarket, ...errorResponses('validation_failed', 'not_found', ...FEED_ERRORS) },
        },
      },
      async (request) =>
        presentFeedMarket(valueOrThrow(await readFeedMarket(tenantCtx(deps, request), request.params.slug))),
    );

    app.get(
      '/v1/markets/:slug/snapshot',
      {
        config: { meta: feedMeta },
        schema: {
          ...feedDoc,
          summary: 'Current prices of a market',
          params: MarketParams,
          response: { 200: Snapshot, ...errorResponses('validation_failed', 'not_found', ...FEED_ERRORS) },
        },
      },
      async (request) => {
        const ctx = tenantCtx(deps, request);
        return presentSnapshot(valueOrThrow(await getFeedMarket(ctx, request.params.slug)), ctx.now);
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
        const { from, to, interval } = request.query;
        const input = {
          slug: request.params.slug,
          from: from === undefined ? undefined : new Date(from),
          to: to === undefined ? undefined : new Date(to),
          interval,
        };
        const { market, points } = valueOrThrow(await getPriceHistory(tenantCtx(deps, request), input));
        return presentHistory(market, points);
      },
    );
  };
}
