import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getUser, presentUser, putUser, PutUserBody, User, UserParams } from '../../domains/users/index.js';
import { sessionUser } from '../../domains/context.js';
import {
  getLimits,
  limitsChange,
  PlayerLimitsView,
  presentLimits,
  PutLimitsBody,
  setLimits,
} from '../../domains/player-limits/index.js';
import type { ServiceDeps } from '../../deps.js';
import { tenantCtx } from '../context.js';
import { API_KEY_ERRORS, API_KEY_OR_SESSION_ERRORS, API_KEY_OR_SESSION_SECURITY, errorResponses } from '../openapi.js';
import { valueOrThrow } from '../present.js';

export function userRoutes(deps: ServiceDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.put(
      '/v1/users/:external_user_id',
      {
        config: { meta: { tier: 'user_sync', credential: 'api_key', scope: 'write:sync' } },
        schema: {
          summary: 'Register a user or set its status',
          description: 'Naturally idempotent; takes no Idempotency-Key. 201 when created, 200 when updated.',
          tags: ['users'],
          security: [{ apiKey: [] }],
          params: UserParams,
          body: PutUserBody,
          response: {
            200: User,
            201: User,
            ...errorResponses('validation_failed', ...API_KEY_ERRORS, 'request_too_large'),
          },
        },
      },
      async (request, reply) => {
        const input = { externalUserId: request.params.external_user_id, status: request.body.status };
        const user = await putUser(tenantCtx(deps, request), input);
        return reply.code(user.created ? 201 : 200).send(presentUser(user));
      },
    );

    app.put(
      '/v1/users/:external_user_id/limits',
      {
        config: { meta: { tier: 'default', credential: 'api_key', scope: 'write:sync' } },
        schema: {
          summary: "Set a player's stake limits or break",
          description:
            'Limits a player sets through you (docs/guides/player-limits.md): stake limits over the last 24 hours, ' +
            '7 days and 30 days, and a break. A new or lower limit and a break apply at once; a raise or a removal ' +
            'takes effect 24 hours later (pending); a break can be extended, never shortened or ended early. ' +
            'Fields left out stay as they are. Naturally idempotent; takes no Idempotency-Key.',
          tags: ['users'],
          security: [{ apiKey: [] }],
          params: UserParams,
          body: PutLimitsBody,
          response: {
            200: PlayerLimitsView,
            ...errorResponses(
              'validation_failed',
              ...API_KEY_ERRORS,
              'unknown_user',
              'state_conflict',
              'request_too_large',
            ),
          },
        },
      },
      async (request) => {
        const change = limitsChange(request.body);
        const limits = await setLimits(tenantCtx(deps, request), request.params.external_user_id, change);
        return presentLimits(valueOrThrow(limits));
      },
    );

    app.get(
      '/v1/users/:external_user_id/limits',
      {
        config: { meta: { tier: 'default', credential: 'api_key_or_session', scope: 'write:sync' } },
        schema: {
          summary: "A player's stake limits, what is used and left, and their break",
          description:
            'With the API key, any user of the environment; with a widget session token, only its own user ' +
            "(another user's limits are 404 not_found).",
          tags: ['users'],
          security: API_KEY_OR_SESSION_SECURITY,
          params: UserParams,
          response: {
            200: PlayerLimitsView,
            ...errorResponses('validation_failed', ...API_KEY_OR_SESSION_ERRORS, 'not_found', 'unknown_user'),
          },
        },
      },
      async (request) =>
        presentLimits(valueOrThrow(await getLimits(tenantCtx(deps, request), request.params.external_user_id))),
    );

    // Registered before the parametric read, and a static path wins in fastify's router anyway.
    app.get(
      '/v1/users/me',
      {
        config: { meta: { tier: 'users_me', credential: 'api_key_or_session', scope: 'write:sync' } },
        schema: {
          summary: "The session's own user and its balance",
          description:
            "With a widget session token: the session's user. With the API key this is the user read of the " +
            'user whose external_user_id is "me". Tier users_me.',
          tags: ['users'],
          security: API_KEY_OR_SESSION_SECURITY,
          response: { 200: User, ...errorResponses(...API_KEY_OR_SESSION_ERRORS, 'unknown_user') },
        },
      },
      async (request) => {
        const ctx = tenantCtx(deps, request);
        return presentUser(valueOrThrow(await getUser(ctx, sessionUser(ctx) ?? 'me')));
      },
    );

    app.get(
      '/v1/users/:external_user_id',
      {
        config: { meta: { tier: 'default', credential: 'api_key', scope: 'write:sync' } },
        schema: {
          summary: 'Read a user and its virtual balance',
          tags: ['users'],
          security: [{ apiKey: [] }],
          params: UserParams,
          response: { 200: User, ...errorResponses('validation_failed', ...API_KEY_ERRORS, 'unknown_user') },
        },
      },
      async (request) =>
        presentUser(valueOrThrow(await getUser(tenantCtx(deps, request), request.params.external_user_id))),
    );
  };
}
