import type { Rejection, RequestContext } from '../../errors/index.js';
import { validationAnswer } from '../../lib/issue-words.js';
import type { TenantCtx } from '../context.js';
import { commandOf, type StoredAnswer } from '../handler.js';
import { claimAnswer, fingerprint, keyOfCommand, refusalAnswer } from '../idempotency/index.js';
import { BatchItem, movementOf, type KeyedMovement } from './schemas.js';
import { syncHandler } from './sync-handler.js';

/**
 * POST /v1/balance-sync/batch: the items commit together in one round, with the request's own key around
 * them. A bad item is answered in its place; a key repeated in the batch answers like a retry of its first
 * use: its answer, or 422 for another body.
 */
export function applyBalanceSyncBatch(
  ctx: TenantCtx,
  request: RequestContext,
  batch: { key: string; items: readonly unknown[] },
): Promise<StoredAnswer> {
  const parsed = batch.items.map((raw) => parseBatchItem(raw, request, ctx.now));
  const firstUse = new Map<string, KeyedMovement>();
  for (const item of parsed) if ('movement' in item && !firstUse.has(item.key)) firstUse.set(item.key, item);
  const firsts = [...firstUse.values()];
  const reused = claimAnswer({ kind: 'reused' }, request, ctx.now);
  const answerOf = (item: KeyedMovement, answers: Map<KeyedMovement, StoredAnswer>) => {
    const first = firstUse.get(item.key)!;
    const same = first === item || fingerprint(first.fields).equals(fingerprint(item.fields));
    return same ? answers.get(first)! : reused;
  };
  return ctx.runtime.engine.submitGroup({
    items: firsts.map((item) => commandOf(syncHandler, { ctx, request, key: item }, item.movement)),
    outer: {
      key: keyOfCommand(ctx, 'balance_sync_batch', { key: batch.key, fields: { items: batch.items } }),
      request,
      compose: (answers) => {
        const byItem = new Map(firsts.map((item, i) => [item, answers[i]!]));
        return batchAnswer(parsed.map((item) => ('movement' in item ? answerOf(item, byItem) : item)));
      },
    },
  });
}

/**
 * A batch item as a keyed movement, or the answer a single POST /v1/balance-sync with that body would
 * have had (400): each item follows every rule of a single sync, so a bad item is answered in its place
 * and the others still apply.
 */
export function parseBatchItem(raw: unknown, request: RequestContext, now: Date): KeyedMovement | StoredAnswer {
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
    // In words, one issue per field, as a single sync's refusal (docs/operator-api.md, "Errors").
    const { message, details } = validationAnswer(result.error.issues, 'body', 'Invalid item');
    return refuse({ code: 'validation_failed', message, details });
  }
  const { idempotency_key, ...body } = result.data;
  return { key: idempotency_key, ...movementOf(body) };
}

/**
 * The batch's one answer from its items' answers, in item order: each item's status and body embedded as
 * stored, so a replayed item is byte for byte its first answer. An item another request still holds has
 * no outcome yet: the batch key stays unspent, so a retry of the whole batch gets that item's real answer
 * instead of a stored 409 for ever.
 */
export function batchAnswer(results: readonly StoredAnswer[]): { answer: StoredAnswer; store: boolean } {
  const body = `{"results":[${results.map((r) => `{"status":${r.status},"body":${r.body}}`).join(',')}]}`;
  return { answer: { status: 200, body }, store: results.every((r) => r.retryAfter === undefined) };
}
