import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionUser } from '../../domains/context.js';
import { IdempotencyHeaders } from '../../domains/idempotency/index.js';
import {
  isSlug,
  MarketParams,
  parsePrice,
  PlatformMarket,
  presentPlatformMarket,
} from '../../domains/markets/index.js';
import { ApiError } from '../../errors/index.js';
import { Order, placeOrder } from '../../domains/orders/index.js';
import { Position, PositionParams } from '../../domains/positions/index.js';
import {
  closePosition,
  ClosePositionBody,
  CloseQuote,
  openPosition,
  OpenPositionBody,
  PlaceOrderBody,
  OpenQuote,
  OpenQuoteBody,
  presentCloseQuote,
  presentOpenQuote,
  quoteClose,
  quoteOpenPosition,
  MarketStatusBody,
  setMarketStatus,
} from '../../domains/trading/index.js';
import { audited } from '../../domains/audit/index.js';
import type { ServiceDeps } from '../../deps.js';
import { parseAmount } from '../../lib/money.js';
import { platformCtx, tenantCtx } from '../context.js';
import { idempotencyKeyOf } from '../idempotency-key.js';
import { sendStored } from '../stored-answer.js';
import { API_KEY_OR_SESSION_ERRORS, API_KEY_OR_SESSION_SECURITY, errorResponses } from '../openapi.js';
import { valueOrThrow } from '../present.js';
import type { RouteMeta } from '../route-meta.js';
import { PLATFORM_API } from './tenant-pauses.js';

const security = API_KEY_OR_SESSION_SECURITY;
const AUTH_ERRORS = API_KEY_OR_SESSION_ERRORS;
const WRITE_ERRORS = [
  'validation_failed',
  'idempotency_key_required',
  ...AUTH_ERRORS,
  'request_too_large',
  'idempotency_key_reused',
  'idempotency_key_in_progress',
] as const;
/** Every trade write: tier positions, an API key with write:positions or a session, an Idempotency-Key. */
const tradeWriteMeta = {
  tier: 'positions',
  credential: 'api_key_or_session',
  scope: 'write:positions',
  idempotent: true,
} as const satisfies RouteMeta;
/** Opening is what the positions kill switch pauses; a close stays open, so a user can always get out. */
const openingMeta = { ...tradeWriteMeta, killSwitch: 'positions' } as const satisfies RouteMeta;
const TRADE_ERRORS = ['market_suspended', 'user_blocked', 'price_moved', 'would_overdraw', 'unknown_user'] as const;

/** The trading writes (positions and limit orders) and, on the platform listener, suspend and reopen. */
export function tradingRoutes(deps: ServiceDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/positions',
      {
        config: { meta: openingMeta },
        schema: {
          summary: 'Open a position',
          description:
            "With the API key, external_user_id names the user; with a widget session token it is the session's user " +
            '(and the open sends position.opened). A rejected open does not spend its key and is listed in ' +
            '/v1/position-rejections; an opened position is replayed for its key with no time limit.',
          tags: ['positions'],
          security,
          headers: IdempotencyHeaders,
          body: OpenPositionBody,
          response: {
            201: Position,
            ...errorResponses(
              ...WRITE_ERRORS,
              ...TRADE_ERRORS,
              'user_excluded',
              'stake_limit_exceeded',
              'user_limit_reached',
              'sandbox_limit_reached',
              'positions_paused',
            ),
          },
        },
      },
      async (request, reply) => {
        const ctx = tenantCtx(deps, request);
        const body = request.body;
        const input = {
          externalUserId: body.external_user_id,
          marketSlug: body.market_slug,
          outcomeId: body.outcome_id,
          stake: parseAmount(body.stake)!,
          maxPriceMicro: parsePrice(body.max_price)!,
        };
        // The key is bound to the user the open acts for, whether named or the session's own.
        const fields = { ...body, external_user_id: body.external_user_id ?? sessionUser(ctx) ?? undefined };
        const unit = { key: idempotencyKeyOf(request), fields, input };
        return sendStored(reply, await openPosition(ctx, request.requestContext, unit));
      },
    );

    app.post(
      '/v1/positions/:id/close',
      {
        config: { meta: tradeWriteMeta },
        schema: {
          summary: 'Close a position',
          description:
            'Sells the shares back to the market maker; proceeds are rounded down to the cent. With a session token ' +
            'the close sends position.closed (once). A closed, settled or voided position is 409 position_terminal.',
          tags: ['positions'],
          security,
          headers: IdempotencyHeaders,
          params: PositionParams,
          body: ClosePositionBody,
          response: {
            200: Position,
            ...errorResponses(...WRITE_ERRORS, ...TRADE_ERRORS, 'position_terminal', 'not_found'),
          },
        },
      },
      async (request, reply) => {
        const positionId = request.params.id;
        const input = { positionId, minPriceMicro: parsePrice(request.body.min_price)! };
        const fields = { position_id: positionId, min_price: request.body.min_price };
        const unit = { key: idempotencyKeyOf(request), fields, input };
        return sendStored(reply, await closePosition(tenantCtx(deps, request), request.requestContext, unit));
      },
    );

    app.post(
      '/v1/positions/quote',
      {
        config: { meta: { tier: 'default', credential: 'api_key_or_session', scope: 'write:positions' } },
        schema: {
          summary: 'Quote an open',
          description:
            'The price an open of this stake would pay now (stake / shares: what max_price is held against) and the ' +
            'shares it would buy. The market maker moves the price as a stake buys, so this is above the ' +
            "outcome's price for any sizable stake. Changes nothing: no Idempotency-Key. An addition to the " +
            "contract, for tickets such as the widget's; stake caps and the balance are judged by the open itself.",
          tags: ['positions'],
          security,
          body: OpenQuoteBody,
          response: {
            200: OpenQuote,
            ...errorResponses('validation_failed', ...AUTH_ERRORS, 'market_suspended', 'request_too_large'),
          },
        },
      },
      async (request) => {
        const { market_slug, outcome_id, stake } = request.body;
        const ask = { marketSlug: market_slug, outcomeId: outcome_id, stake: parseAmount(stake)! };
        return presentOpenQuote(valueOrThrow(await quoteOpenPosition(tenantCtx(deps, request), ask)));
      },
    );

    app.post(
      '/v1/positions/:id/close-quote',
      {
        config: { meta: { tier: 'default', credential: 'api_key_or_session', scope: 'write:positions' } },
        schema: {
          summary: 'Quote a close',
          description: 'What a close would pay now. Changes nothing: no body, no Idempotency-Key.',
          tags: ['positions'],
          security,
          params: PositionParams,
          response: {
            200: CloseQuote,
            ...errorResponses(
              'validation_failed',
              ...AUTH_ERRORS,
              'market_suspended',
              'position_terminal',
              'not_found',
            ),
          },
        },
      },
      async (request) => presentCloseQuote(valueOrThrow(await quoteClose(tenantCtx(deps, request), request.params.id))),
    );

    app.post(
      '/v1/orders',
      {
        config: { meta: openingMeta },
        schema: {
          summary: 'Place a limit order',
          description: [
            "With the API key, external_user_id names the user; with a widget session token it is the session's user.",
            'Nothing is debited at placement. The order fills when the price at open for its stake is at or below',
            'limit_price: it opens a position (every open rule applies, at the fill), debits the stake then, and sends',
            'order.filled. Orders are evaluated oldest first at placement, after every open and close on the market and',
            'when the market reopens. A placement the market already satisfies fills at once (status filled);',
            'a fill the open rules refuse (balance, blocked user, stake caps, player limits) rejects the order',
            '(status rejected). A placement whose stake would pass a limit the player set is 409 user_limit_reached,',
            'one during their break 403 user_excluded (docs/guides/player-limits.md).',
            'A refused placement does not spend its key; a placed order replays its first answer for its key.',
          ].join(' '),
          tags: ['orders'],
          security,
          headers: IdempotencyHeaders,
          body: PlaceOrderBody,
          response: {
            201: Order,
            ...errorResponses(
              ...WRITE_ERRORS,
              'user_blocked',
              'user_excluded',
              'unknown_user',
              'market_suspended',
              'user_limit_reached',
              'positions_paused',
            ),
          },
        },
      },
      async (request, reply) => {
        const ctx = tenantCtx(deps, request);
        const body = request.body;
        const input = {
          externalUserId: body.external_user_id,
          marketSlug: body.market_slug,
          outcomeId: body.outcome_id,
          stake: parseAmount(body.stake)!,
          limitPriceMicro: parsePrice(body.limit_price)!,
          expiresAt: body.expires_at === undefined ? null : new Date(body.expires_at),
        };
        const actingFor = body.external_user_id ?? sessionUser(ctx) ?? undefined;
        const fields = { ...body, external_user_id: actingFor, expires_at: body.expires_at ?? null };
        const unit = { key: idempotencyKeyOf(request), fields, input };
        return sendStored(reply, await placeOrder(ctx, request.requestContext, unit));
      },
    );
  };
}

/**
 * Platform API: suspend and reopen a market (docs/platform-api.md, "Markets"), each with an optional reason kept in the
 * audit log. A reopen evaluates the market's limit orders.
 */
export function marketStatusPlatformRoutes(deps: ServiceDeps): FastifyPluginAsyncZod {
  return async (app) => {
    for (const action of ['suspend', 'reopen'] as const) {
      app.post(
        `/platform/v1/markets/:slug/${action}`,
        {
          config: { meta: { tier: 'platform', credential: 'platform' } },
          schema: {
            params: MarketParams,
            body: MarketStatusBody.nullish(),
            response: { 200: PlatformMarket, ...errorResponses('validation_failed', 'not_found', 'state_conflict') },
          },
        },
        async (request) => {
          const reason = request.body?.reason ?? null;
          const input = { slug: request.params.slug, action, reason, changedBy: PLATFORM_API };
          // Text that is not a slug names no market, and is not written to the audit log either.
          if (!isSlug(input.slug)) throw new ApiError('not_found', `No market ${input.slug}.`);
          const entry = { who: PLATFORM_API, action: `market.${action}`, target: input.slug, details: { reason } };
          const ctx = platformCtx(deps, request);
          return presentPlatformMarket(valueOrThrow(await audited(ctx, entry, (tx) => setMarketStatus(tx, input))));
        },
      );
    }
  };
}
