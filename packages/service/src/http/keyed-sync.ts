import { randomBytes } from 'node:crypto';
import type { TenantCtx } from '../domains/context.js';
import { completeKeys, fingerprint, releaseKeys, reserveKeys } from '../domains/idempotency/index.js';
import {
  applyBalanceSyncs,
  BalanceSyncResult,
  presentSyncApplied,
  wouldOverdraw,
  type AnswerTemplate,
  type KeyedMovement,
  type Movement,
  type SyncOutcome,
} from '../domains/sync/index.js';
import { apiErrorOf, envelopeOf, ERROR_CATALOG, type Rejection, type RequestContext } from '../errors/index.js';
import { newId } from '../lib/ids.js';
import { assertNever } from '../lib/assert-never.js';
import {
  answerOfClaim,
  answerOfError,
  keyScopeOf,
  type KeyedDeps,
  type KeyedUnit,
  type OuterKey,
  type StoredAnswer,
} from './keyed-write.js';
import { presenter } from './present.js';

/*
 * The idempotency path of balance syncs, beside keyed-write.ts (the one path of every other keyed
 * write). There a request reserves its key and commits, then runs its verb and stores its answer in a
 * second transaction, about seven round trips for a sync. A sync's whole verb is a few rows, at the
 * highest rate of any write, so it hands everything to the database function apply_balance_syncs
 * (migration 0013) instead: the key's claim, the ledger rule, the writes and the stored answer in one
 * round trip and one commit, with a duplicate in flight seen through a lock rather than a committed
 * reservation (issue 12). The rules for the caller stay the same: a key repeated in one request answers
 * like a retry of its first use, and answers are presented here, through the same schema and envelope.
 */

const presentApplied = presenter(BalanceSyncResult, presentSyncApplied);

/** A single sync: its answer, on the pool (one statement, its own commit). */
export async function syncAnswer(
  ctx: TenantCtx,
  request: RequestContext,
  unit: KeyedUnit<Movement>,
): Promise<StoredAnswer> {
  return (await syncAnswers(ctx, request, [unit]))[0]!;
}

/**
 * A batch under its own key (the request's Idempotency-Key): the composed answer. The batch key keeps
 * keyed-write.ts's reserve-first path: it is one key a request, not one a movement, and its completion
 * commits with the items' work in one transaction, so the two stay all or nothing.
 */
export async function syncBatchAnswer(
  deps: KeyedDeps,
  ctx: TenantCtx,
  request: RequestContext,
  units: readonly KeyedUnit<Movement>[],
  outer: OuterKey,
): Promise<StoredAnswer> {
  const scope = keyScopeOf(ctx, outer.operation);
  const holder = newId();
  const requestHash = fingerprint(outer.fields);
  const claims = await reserveKeys(
    ctx.db,
    scope,
    [{ key: outer.key, requestHash }],
    holder,
    ctx.now,
    deps.idempotencyLockSeconds,
  );
  const claim = claims.get(outer.key)!;
  if (claim !== 'reserved') return answerOfClaim(claim, request, ctx.now);
  try {
    return await ctx.db.transaction().execute(async (db) => {
      const { answer, store } = outer.compose(await syncAnswers({ ...ctx, db }, request, units));
      if (store) await completeKeys(db, scope, holder, [{ key: outer.key, ...answer }]);
      else await releaseKeys(db, scope, holder, [outer.key]);
      return answer;
    });
  } catch (error) {
    await releaseKeys(ctx.runtime.db, scope, holder, [outer.key]).catch(() => {});
    throw error;
  }
}

/** The units' answers in order: the first use of each key goes to the database, a repeat answers like it. */
async function syncAnswers(
  ctx: TenantCtx,
  request: RequestContext,
  units: readonly KeyedUnit<Movement>[],
): Promise<StoredAnswer[]> {
  const hashed = units.map((unit) => ({ ...unit, requestHash: fingerprint(unit.fields) }));
  const firstUse = new Map<string, (typeof hashed)[number]>();
  for (const unit of hashed) if (!firstUse.has(unit.key)) firstUse.set(unit.key, unit);
  // Random for each request, so no text of a request (an id, a message) can pass for it.
  const placeholder = `balance-${randomBytes(16).toString('hex')}`;
  const movements = [...firstUse.values()].map((unit) => keyedMovement(unit, request, ctx.now, placeholder));
  const outcomes = await applyBalanceSyncs(ctx, keyScopeOf(ctx, 'balance_sync'), movements, placeholder);
  const answers = new Map([...firstUse.keys()].map((key, i) => [key, answerOf(outcomes[i]!, request, ctx.now)]));
  return hashed.map((unit) =>
    firstUse.get(unit.key)!.requestHash.equals(unit.requestHash)
      ? answers.get(unit.key)!
      : answerOfClaim({ kind: 'reused' }, request, ctx.now),
  );
}

/** A movement with its two possible stored answers, presented now with the placeholder for the balance. */
function keyedMovement(
  unit: KeyedUnit<Movement> & { requestHash: Buffer },
  request: RequestContext,
  now: Date,
  placeholder: string,
): KeyedMovement {
  const transactionId = newId();
  return {
    movement: unit.input,
    requestHash: unit.requestHash,
    transactionId,
    recordId: newId(),
    applied: { status: 200, body: presentApplied({ transactionId, balance: placeholder }) },
    overdrawn: storedRefusal(wouldOverdraw(unit.input.amount, placeholder), request, now),
  };
}

/**
 * A refusal as answerOfError(apiErrorOf(rejection)) gives it, byte for byte, without an ApiError: one is
 * made for every item of a batch, most never used, and an Error's stack made that the costliest part.
 */
function storedRefusal(rejection: Rejection, request: RequestContext, now: Date): AnswerTemplate {
  const error = { code: rejection.code, message: rejection.message, details: rejection.details ?? null };
  return { status: ERROR_CATALOG[rejection.code].status, body: JSON.stringify(envelopeOf(error, request, now)) };
}

function answerOf(outcome: SyncOutcome, request: RequestContext, now: Date): StoredAnswer {
  switch (outcome.kind) {
    case 'answered':
      return { status: outcome.status, body: outcome.body };
    case 'claimed':
      return answerOfClaim(outcome.claim, request, now);
    case 'rejected':
      return answerOfError(apiErrorOf(outcome.rejection), request, now);
    default:
      return assertNever(outcome);
  }
}
