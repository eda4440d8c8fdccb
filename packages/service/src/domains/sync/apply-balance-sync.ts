import type { RequestContext } from '../../errors/index.js';
import type { TenantCtx } from '../context.js';
import { commandOf, submitTo, type StoredAnswer } from '../handler.js';
import { claimAnswer, fingerprint, keyOfCommand } from '../idempotency/index.js';
import { batchAnswer, parseBatchItem, type KeyedMovement } from './sync-batch.js';
import { syncHandler } from './sync-handler.js';

/**
 * POST /v1/balance-sync: one movement through the write engine (docs/operator-api.md, "Balance sync"), its answer
 * stored with its key in the round that applies it (sync-handler.ts says what it does).
 */
export function applyBalanceSync(ctx: TenantCtx, request: RequestContext, item: KeyedMovement): Promise<StoredAnswer> {
  const asked = { ctx, request, key: { key: item.key, fields: item.fields } };
  return submitTo(syncHandler, asked, item.movement);
}

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
