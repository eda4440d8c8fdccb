import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps.js';
import { principalOf } from '../../http/auth.js';
import { idempotencyKeyOf } from '../../http/idempotency-key.js';
import { API_KEY_ERRORS, errorResponses } from '../../http/openapi.js';
import { sendStored } from '../../http/reply.js';
import { contextOf } from '../../http/request-context.js';
import { IdempotencyHeaders } from '../idempotency/schemas.js';
import { applyBalanceSyncs } from './apply-balance-syncs.js';
import { applyBalanceSyncBatch } from './apply-balance-sync-batch.js';
import { syncItemOf } from './sync-item.js';
import { BalanceSyncBatchBody, BalanceSyncBatchResult, BalanceSyncBody, BalanceSyncResult } from './schemas.js';

const SYNC_ERRORS = [
  'validation_failed',
  'idempotency_key_required',
  ...API_KEY_ERRORS,
  'request_too_large',
  'idempotency_key_reused',
  'idempotency_key_in_progress',
] as const;

export function syncRoutes(deps: ServiceDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/balance-sync',
      {
        config: { meta: { tier: 'balance_sync', credential: 'api_key', scope: 'write:sync', idempotent: true } },
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
        const key = idempotencyKeyOf(request);
        const [answer] = await applyBalanceSyncs(deps, principalOf(request), contextOf(request), [
          syncItemOf(key, request.body),
        ]);
        return sendStored(reply, answer!.status, answer!.body, answer!.retryAfter);
      },
    );

    app.post(
      '/v1/balance-sync/batch',
      {
        config: { meta: { tier: 'balance_sync', credential: 'api_key', scope: 'write:sync', idempotent: true } },
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
        const answer = await applyBalanceSyncBatch(
          deps,
          principalOf(request),
          contextOf(request),
          idempotencyKeyOf(request),
          request.body.items,
        );
        return sendStored(reply, answer.status, answer.body, answer.retryAfter);
      },
    );
  };
}
