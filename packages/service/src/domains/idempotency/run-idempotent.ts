import type { Db, Tx } from '../../db/connection.js';
import type { ApiError, RequestContext } from '../../errors/index.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { answerOfClaim, answerOfError, type StoredAnswer } from './answers.js';
import { completeKeys, releaseKeys, reserveKeys, type KeyScope } from './idempotency-repo.js';

/** Thrown inside the work of runIdempotent for an expected refusal: the work rolls back, the key stays unspent. */
export class Rejected extends Error {
  constructor(readonly error: ApiError) {
    super(error.message);
  }
}

export function reject(error: ApiError): never {
  throw new Rejected(error);
}

export interface IdempotentDeps {
  db: Db;
  clock: Clock;
  idempotencyLockSeconds: number;
}

/**
 * One write under one Idempotency-Key: reserve the key (committed, so a concurrent duplicate gets 409
 * in progress), run the work and store its answer in one transaction, or, when the work rejects,
 * roll it back, give the key back and let onRejected record the attempt outside that transaction.
 */
export async function runIdempotent(
  deps: IdempotentDeps,
  keyScope: KeyScope,
  context: RequestContext,
  request: { key: string; requestHash: Buffer },
  work: (tx: Tx, now: Date) => Promise<StoredAnswer>,
  onRejected?: (error: ApiError, now: Date) => Promise<void>,
): Promise<StoredAnswer> {
  const now = deps.clock.now();
  const holder = newId();
  const claim = (await reserveKeys(deps.db, keyScope, [request], holder, now, deps.idempotencyLockSeconds)).get(
    request.key,
  )!;
  if (claim !== 'reserved') return answerOfClaim(claim, context, now);
  try {
    return await deps.db.transaction().execute(async (tx) => {
      const answer = await work(tx, now);
      await completeKeys(tx, keyScope, holder, [{ key: request.key, status: answer.status, body: answer.body }]);
      return answer;
    });
  } catch (error) {
    await releaseKeys(deps.db, keyScope, holder, [request.key]).catch(() => {});
    if (!(error instanceof Rejected)) throw error;
    await onRejected?.(error.error, now);
    return answerOfError(error.error, context, now);
  }
}
