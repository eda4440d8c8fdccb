import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdempotencyHeaders } from '../../domains/idempotency/index.js';
import {
  BalanceSyncBatchBody,
  BalanceSyncBatchResult,
  BalanceSyncBody,
  BalanceSyncResult,
  applyBalanceSync,
  applyBalanceSyncBatch,
  movementOf,
} from '../../domains/sync/index.js';
import type { ServiceDeps } from '../../deps.js';
import { tenantCtx } from '../context.js';
import { idempotencyKeyOf } from '../idempotency-key.js';
import { sendStored } from '../stored-answer.js';
import { API_KEY_WRITE_ERRORS, errorResponses } from '../openapi.js';
import type { RouteMeta } from '../route-meta.js';

const SYNC_ERRORS = ['sync_paused', ...API_KEY_WRITE_ERRORS] as const;

const syncMeta = {
  tier: 'balance_sync',
  credential: 'api_key',
  scope: 'write:sync',
  idempotent: true,
  killSwitch: 'sync',
} as const satisfies RouteMeta;

export function balanceSyncRoutes(deps: ServiceDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/balance-sync',
      {
        config: { meta: syncMeta },
        bodyLimit: 16 * 1024,
        schema: {
          summary: 'Mirror one balance movement into the ledger',
          description:
            'Same key and body: the first answer is replayed byte for byte and nothing is applied again. ' +
            'Same key, other body: 422. A refused debit (409 would_overdraw) is recorded and replayed for its key. ' +
            'An unregistered user (404 unknown_user) is not recorded and the key is not spent.',
          tags: ['balance sync'],
          security: [{ apiKey: [] }],
          headers: IdempotencyHeaders,
          body: BalanceSyncBody,
          response: { 200: BalanceSyncResult, ...errorResponses(...SYNC_ERRORS, 'unknown_user', 'would_overdraw') },
        },
      },
      async (request, reply) => {
        // The same key space as batch items: a single sync and an item with the same key and fields are one request.
        const item = { key: idempotencyKeyOf(request), ...movementOf(request.body) };
        return sendStored(reply, await applyBalanceSync(tenantCtx(deps, request), request.requestContext, item));
      },
    );

    app.post(
      '/v1/balance-sync/batch',
      {
        config: { meta: syncMeta },
        bodyLimit: 512 * 1024,
        schema: {
          summary: 'Mirror up to 500 balance movements',
          description:
            'Each item applies independently under its own idempotency_key and follows every rule of a single ' +
            'balance sync; results come in item order with the status and body the single request would have had. ' +
            "The request's own Idempotency-Key replays the whole answer.",
          tags: ['balance sync'],
          security: [{ apiKey: [] }],
          headers: IdempotencyHeaders,
          body: BalanceSyncBatchBody,
          response: { 200: BalanceSyncBatchResult, ...errorResponses(...SYNC_ERRORS) },
        },
      },
      async (request, reply) => {
        const batch = { key: idempotencyKeyOf(request), items: request.body.items };
        return sendStored(reply, await applyBalanceSyncBatch(tenantCtx(deps, request), request.requestContext, batch));
      },
    );
  };
}
