import type { StoredAnswer } from '../commands.js';
import type { TenantCtx } from '../context.js';
import type { RequestContext } from '../../errors/index.js';
import { claimAnswer, fingerprint } from '../idempotency/index.js';
import type { Movement } from './schemas.js';

/** One movement as a route hands it over: its key, the fields its key is bound to, the movement. */
export interface KeyedMovement {
  key: string;
  fields: Record<string, unknown>;
  movement: Movement;
}

/**
 * POST /v1/balance-sync: one movement through the write engine (spec 4.1). Its answer is stored with its
 * key in the round that applies it: 200 with the new balance, or 409 would_overdraw (recorded, flagged);
 * unknown_user and a credit past the largest balance are answered without spending the key.
 */
export function applyBalanceSync(ctx: TenantCtx, request: RequestContext, item: KeyedMovement): Promise<StoredAnswer> {
  return ctx.runtime.engine.submit({
    ctx,
    request,
    key: { key: item.key, fields: item.fields },
    command: { kind: 'sync', ...item.movement },
  });
}

/**
 * POST /v1/balance-sync/batch: the items commit together in one round, with the request's own key. A key
 * repeated in the batch answers like a retry of its first use: its answer, or 422 for another body.
 */
export async function applyBalanceSyncBatch(
  ctx: TenantCtx,
  request: RequestContext,
  batch: {
    key: string;
    fields: Record<string, unknown>;
    items: readonly KeyedMovement[];
    compose(answers: StoredAnswer[]): { answer: StoredAnswer; store: boolean };
  },
): Promise<StoredAnswer> {
  const firstUse = new Map<string, number>();
  batch.items.forEach((item, i) => {
    if (!firstUse.has(item.key)) firstUse.set(item.key, i);
  });
  const firsts = [...firstUse.values()].map((i) => batch.items[i]!);
  const sameFields = (a: KeyedMovement, b: KeyedMovement) => fingerprint(a.fields).equals(fingerprint(b.fields));
  const reused = claimAnswer({ kind: 'reused' }, request, ctx.now);
  return ctx.runtime.engine.submitGroup({
    items: firsts.map((item) => ({
      ctx,
      request,
      key: { key: item.key, fields: item.fields },
      command: { kind: 'sync', ...item.movement },
    })),
    outer: {
      ctx,
      request,
      operation: 'balance_sync_batch',
      key: { key: batch.key, fields: batch.fields },
      compose: (answers) => {
        const byKey = new Map(firsts.map((item, i) => [item.key, { item, answer: answers[i]! }]));
        return batch.compose(
          batch.items.map((item) => {
            const first = byKey.get(item.key)!;
            return first.item === item || sameFields(first.item, item) ? first.answer : reused;
          }),
        );
      },
    },
  });
}
