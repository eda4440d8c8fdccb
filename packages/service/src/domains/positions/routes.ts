import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps.js';
import { principalOf } from '../../http/auth.js';
import { idempotencyKeyOf } from '../../http/idempotency-key.js';
import {
  API_KEY_ERRORS,
  API_KEY_OR_SESSION_ERRORS,
  API_KEY_OR_SESSION_SECURITY,
  errorResponses,
} from '../../http/openapi.js';
import { sendStored } from '../../http/reply.js';
import { contextOf } from '../../http/request-context.js';
import { IdempotencyHeaders } from '../idempotency/schemas.js';
import { closePosition } from './close-position.js';
import { positionFor } from './close-position.js';
import { listPositions, listRejections } from './list-positions.js';
import { openPosition } from './open-position.js';
import { quoteClosePosition } from './quote-close.js';
import {
  ClosePositionBody,
  CloseQuote,
  OpenPositionBody,
  Position,
  PositionListQuery,
  PositionPage,
  PositionParams,
  RejectionListQuery,
  RejectionPage,
  presentPosition,
} from './schemas.js';

const AUTH_ERRORS = API_KEY_OR_SESSION_ERRORS;
const WRITE_ERRORS = [
  'validation_failed',
  'idempotency_key_required',
  ...AUTH_ERRORS,
  'request_too_large',
  'idempotency_key_reused',
  'idempotency_key_in_progress',
] as const;
const TRADE_ERRORS = ['market_suspended', 'user_blocked', 'price_moved', 'would_overdraw', 'unknown_user'] as const;
const security = API_KEY_OR_SESSION_SECURITY;

export function positionRoutes(deps: ServiceDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/positions',
      {
        config: {
          meta: { tier: 'positions', credential: 'api_key_or_session', scope: 'write:positions', idempotent: true },
        },
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
          response: { 201: Position, ...errorResponses(...WRITE_ERRORS, ...TRADE_ERRORS, 'stake_limit_exceeded') },
        },
      },
      async (request, reply) => {
        const answer = await openPosition(
          deps,
          principalOf(request),
          contextOf(request),
          idempotencyKeyOf(request),
          request.body,
        );
        return sendStored(reply, answer.status, answer.body, answer.retryAfter);
      },
    );

    app.post(
      '/v1/positions/:id/close',
      {
        config: {
          meta: { tier: 'positions', credential: 'api_key_or_session', scope: 'write:positions', idempotent: true },
        },
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
        const answer = await closePosition(
          deps,
          principalOf(request),
          contextOf(request),
          idempotencyKeyOf(request),
          request.params.id,
          request.body.min_price,
        );
        return sendStored(reply, answer.status, answer.body, answer.retryAfter);
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
      async (request) => quoteClosePosition(deps, principalOf(request), request.params.id),
    );

    app.get(
      '/v1/positions/:id',
      {
        config: { meta: { tier: 'default', credential: 'api_key_or_session', scope: 'write:positions' } },
        schema: {
          summary: 'Read a position',
          tags: ['positions'],
          security,
          params: PositionParams,
          response: { 200: Position, ...errorResponses(...AUTH_ERRORS, 'not_found') },
        },
      },
      async (request) => presentPosition(await positionFor(deps.db, principalOf(request), request.params.id)),
    );

    app.get(
      '/v1/positions',
      {
        config: { meta: { tier: 'default', credential: 'api_key_or_session', scope: 'write:positions' } },
        schema: {
          summary: 'List positions',
          description: "Oldest first. A session token lists only its own user's positions.",
          tags: ['positions'],
          security,
          querystring: PositionListQuery,
          response: { 200: PositionPage, ...errorResponses('validation_failed', ...AUTH_ERRORS) },
        },
      },
      async (request) => listPositions(deps, principalOf(request), request.query),
    );

    app.get(
      '/v1/position-rejections',
      {
        config: { meta: { tier: 'default', credential: 'api_key', scope: 'write:positions' } },
        schema: {
          summary: 'List rejected open and close attempts',
          description: "Each with the error code it got, the request's fields and its time; oldest first.",
          tags: ['positions'],
          security,
          querystring: RejectionListQuery,
          response: { 200: RejectionPage, ...errorResponses('validation_failed', ...API_KEY_ERRORS) },
        },
      },
      async (request) => listRejections(deps, principalOf(request), request.query),
    );
  };
}
