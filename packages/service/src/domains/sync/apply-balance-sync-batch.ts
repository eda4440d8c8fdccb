import { newId } from '../../lib/ids.js';
import { ApiError, type RequestContext } from '../../errors/index.js';
import type { TenantEnv } from '../tenant-env.js';
import { answerOfClaim, answerOfError, type StoredAnswer } from '../idempotency/answers.js';
import { completeKeys, releaseKeys, reserveKeys, type KeyScope } from '../idempotency/idempotency-repo.js';
import { fingerprint } from '../idempotency/model/fingerprint.js';
import { applyBalanceSyncs, type SyncDeps, type SyncItem } from './apply-balance-syncs.js';
import { BatchItem } from './schemas.js';
import { syncItemOf } from './sync-item.js';

export const BALANCE_SYNC_BATCH_OPERATION = 'balance_sync_batch';

/**
 * Applies a batch (decisions part 4): every valid item goes through applyBalanceSyncs under its own key,
 * all in one transaction with set-based statements; an invalid item gets the 400 its single request would
 * have had. The whole answer is stored under the batch's own key in that same transaction.
 */
export async function applyBalanceSyncBatch(
  deps: SyncDeps,
  scope: TenantEnv,
  context: RequestContext,
  batchKey: string,
  rawItems: unknown[],
): Promise<StoredAnswer> {
  const now = deps.clock.now();
  const keyScope: KeyScope = { ...scope, operation: BALANCE_SYNC_BATCH_OPERATION };
  const holder = newId();
  const claims = await reserveKeys(
    deps.db,
    keyScope,
    [{ key: batchKey, requestHash: fingerprint({ items: rawItems }) }],
    holder,
    now,
    deps.idempotencyLockSeconds,
  );
  const claim = claims.get(batchKey)!;
  if (claim !== 'reserved') return answerOfClaim(claim, context, now);

  const parsed = rawItems.map((raw) => parseItem(raw, context, now));
  const valid = parsed.filter((p): p is SyncItem => !('status' in p));
  let answer: StoredAnswer | undefined;
  try {
    await applyBalanceSyncs(deps, scope, context, valid, {
      now,
      alsoInTransaction: async (tx, itemAnswers) => {
        let next = 0;
        const results = parsed.map((p) => ('status' in p ? p : itemAnswers[next++]!));
        // Item bodies are embedded as stored, so a replayed item is byte for byte its first answer.
        const body = `{"results":[${results.map((r) => `{"status":${r.status},"body":${r.body}}`).join(',')}]}`;
        answer = { status: 200, body };
        // An item another request still holds has no outcome yet: keep the batch key unspent so that a
        // retry of the whole batch gets that item's real answer instead of a stored 409 for ever.
        if (results.some((r) => r.retryAfter !== undefined)) await releaseKeys(tx, keyScope, holder, [batchKey]);
        else await completeKeys(tx, keyScope, holder, [{ key: batchKey, ...answer }]);
      },
    });
  } catch (error) {
    await releaseKeys(deps.db, keyScope, holder, [batchKey]).catch(() => {});
    throw error;
  }
  return answer!;
}

/** A batch item as a SyncItem, or the 400 answer a single request with that body would have had. */
function parseItem(raw: unknown, context: RequestContext, now: Date): SyncItem | StoredAnswer {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return answerOfError(new ApiError('validation_failed', 'Each item must be an object.'), context, now);
  }
  const key = (raw as { idempotency_key?: unknown }).idempotency_key;
  if (key === undefined || key === null || key === '') {
    return answerOfError(
      new ApiError('idempotency_key_required', 'Each item needs its own idempotency_key.'),
      context,
      now,
    );
  }
  const result = BatchItem.safeParse(raw);
  if (!result.success) {
    const issues = result.error.issues.map((i) => ({
      location: 'body',
      path: `/${i.path.join('/')}`,
      message: i.message,
    }));
    return answerOfError(
      new ApiError('validation_failed', `Invalid item: ${issues[0]!.path} ${issues[0]!.message}`, {
        details: { issues },
      }),
      context,
      now,
    );
  }
  const { idempotency_key, ...body } = result.data;
  return syncItemOf(idempotency_key, body);
}
