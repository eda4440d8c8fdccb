import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getUser, presentUser, putUser, PutUserBody, User, UserParams } from '../../domains/users/index.js';
import type { ServiceDeps } from '../../deps.js';
import { tenantCtx } from '../context.js';
import { API_KEY_ERRORS, errorResponses } from '../openapi.js';
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
