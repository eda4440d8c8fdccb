import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdempotencyHeaders } from '../../domains/idempotency/index.js';
import {
  BalanceSyncBatchBody,
  BalanceSyncBatchResult,
  BalanceSyncBody,
  BalanceSyncResult,
  applyBalanceSync,
  applyBalanceSyncBatch,
  BatchItem,
  movementOf,
  type KeyedMovement,
} from '../../domains/sync/index.js';
import type { StoredAnswer } from '../../domains/commands.js';
import { refusalAnswer } from '../../domains/idempotency/index.js';
import type { ServiceDeps } from '../../deps.js';
import type { Rejection, RequestContext } from '../../errors/index.js';
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
        const ctx = tenantCtx(deps, request);
        const items = request.body.items.map((raw) => parseItem(raw, request.requestContext, ctx.now));
        const movements = items.filter((item): item is KeyedMovement => 'movement' in item);
        const batch = {
          key: idempotencyKeyOf(request),
          fields: { items: request.body.items },
          items: movements,
          compose: (answers: StoredAnswer[]) => {
            let next = 0;
            const results = items.map((item) => ('movement' in item ? answers[next++]! : item));
            // Item bodies are embedded as stored, so a replayed item is byte for byte its first answer.
            const body = `{"results":[${results.map((r) => `{"status":${r.status},"body":${r.body}}`).join(',')}]}`;
            // An item another request still holds has no outcome yet: keep the batch key unspent so that a
            // retry of the whole batch gets that item's real answer instead of a stored 409 for ever.
            return { answer: { status: 200, body }, store: results.every((r) => r.retryAfter === undefined) };
          },
        };
        return sendStored(reply, await applyBalanceSyncBatch(ctx, request.requestContext, batch));
      },
    );
  };
}

/** A batch item as a keyed movement, or the 400 answer a single request with that body would have had. */
function parseItem(raw: unknown, request: RequestContext, now: Date): KeyedMovement | StoredAnswer {
  const refuse = (rejection: Rejection) => refusalAnswer(rejection, request, now);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return refuse({ code: 'validation_failed', message: 'Each item must be an object.' });
  }
  const key = (raw as { idempotency_key?: unknown }).idempotency_key;
  if (key === undefined || key === null || key === '') {
    return refuse({ code: 'idempotency_key_required', message: 'Each item needs its own idempotency_key.' });
  }
  const result = BatchItem.safeParse(raw);
  if (!result.success) {
    const issues = result.error.issues.map((i) => ({
      location: 'body',
      path: `/${i.path.join('/')}`,
      message: i.message,
    }));
    const message = `Invalid item: ${issues[0]!.path} ${issues[0]!.message}`;
    return refuse({ code: 'validation_failed', message, details: { issues } });
  }
  const { idempotency_key, ...body } = result.data;
  return { key: idempotency_key, ...movementOf(body) };
}
