import type { FastifyReply } from 'fastify';
import type { TenantCtx } from '../domains/context.js';
import { runAfterCommit } from '../domains/context.js';
import {
  completeKeys,
  fingerprint,
  releaseKeys,
  reserveKeys,
  type Claim,
  type KeyedOperation,
  type KeyScope,
} from '../domains/idempotency/index.js';
import { ApiError, apiErrorOf, envelopeOf, type RequestContext, type Result } from '../errors/index.js';
import { assertNever } from '../lib/assert-never.js';
import { newId } from '../lib/ids.js';

/** An answer as it is stored and sent for a keyed write: the status and the exact body bytes. */
export interface StoredAnswer {
  status: number;
  body: string;
  /** Seconds for Retry-After (idempotency_key_in_progress only); never stored. */
  retryAfter?: number;
}

/** One keyed unit of work: its key, the fields its key is bound to, and what the verb takes. */
export interface KeyedUnit<I> {
  key: string;
  fields: Record<string, unknown>;
  input: I;
}

/**
 * A keyed write as a route declares it: which operation's key space, the verb (in one transaction with
 * its stored answer), and how a value is presented. Every rejection gives its key back: nothing of a
 * refused request is kept.
 */
export interface KeyedWrite<I, O> {
  operation: KeyedOperation;
  run(ctx: TenantCtx, input: I): Promise<Result<O>>;
  present(value: O): string;
  status: number;
}

/** A whole-request key around the units (the batch's own Idempotency-Key): it replays the composed answer. */
export interface OuterKey {
  operation: KeyedOperation;
  key: string;
  fields: Record<string, unknown>;
  /**
   * The request's answer from its units' answers, and whether it may be stored: not while a unit's key
   * is held by another request, whose outcome is still unknown (a retry must get that unit's real answer).
   */
  compose(answers: StoredAnswer[]): { answer: StoredAnswer; store: boolean };
}

export interface KeyedDeps {
  idempotencyLockSeconds: number;
}

/**
 * The reserve-first idempotency path (DESIGN part 3) of writes that are not hot (order placements,
 * support tickets, reports): reserves the key and commits that, so a concurrent duplicate sees it in
 * progress; runs the verb in one transaction with the answer it stores; a rejection rolls back and gives
 * the key back. Trades and balance syncs claim their keys inside their own transaction instead
 * (batched-trade.ts, keyed-sync.ts), where this path's extra commit would cost as much as the write.
 */
export async function keyedAnswer<I, O>(
  deps: KeyedDeps,
  ctx: TenantCtx,
  request: RequestContext,
  write: KeyedWrite<I, O>,
  unit: KeyedUnit<I>,
): Promise<StoredAnswer> {
  const holder = newId();
  const scope = keyScopeOf(ctx, write.operation);
  const requestHash = fingerprint(unit.fields);
  const reserved = await reserveKeys(
    ctx.db,
    scope,
    [{ key: unit.key, requestHash }],
    holder,
    ctx.now,
    deps.idempotencyLockSeconds,
  );
  const claim = reserved.get(unit.key)!;
  if (claim !== 'reserved') return answerOfClaim(claim, request, ctx.now);

  const tasks: Parameters<TenantCtx['afterCommit']>[0][] = [];
  let answer: StoredAnswer;
  try {
    answer = await ctx.db.transaction().execute(async (db) => {
      const result = await write.run({ ...ctx, db, afterCommit: (task) => tasks.push(task) }, unit.input);
      if (!result.ok) throw new NothingKept(answerOfError(apiErrorOf(result.rejection), request, ctx.now));
      // Presented inside the transaction: a value its response schema refuses rolls the work back (500).
      const done = { status: write.status, body: write.present(result.value) };
      await completeKeys(db, scope, holder, [{ key: unit.key, ...done }]);
      return done;
    });
  } catch (error) {
    await releaseKeys(ctx.runtime.db, scope, holder, [unit.key]).catch(() => {});
    if (!(error instanceof NothingKept)) throw error;
    tasks.length = 0; // nothing committed, so nothing follows
    answer = error.answer;
  }
  await runAfterCommit(ctx.runtime, tasks);
  return answer;
}

/** The verb refused: roll its transaction back (a refusal writes nothing) and answer with the refusal. */
class NothingKept extends Error {
  constructor(readonly answer: StoredAnswer) {
    super('refused');
  }
}

export function answerOfError(error: ApiError, request: RequestContext, now: Date): StoredAnswer {
  const answer: StoredAnswer = { status: error.status, body: JSON.stringify(envelopeOf(error, request, now)) };
  if (error.retryAfter !== null) answer.retryAfter = error.retryAfter;
  return answer;
}

/** Whose keys a request uses (decisions part 4): its tenant environment's, and its principal's. */
export function keyScopeOf(ctx: TenantCtx, operation: KeyedOperation): KeyScope {
  const principal = ctx.actor.kind === 'user' ? `user:${ctx.actor.externalUserId}` : 'operator';
  return { ...ctx.tenantEnv, principal, operation };
}

/** The answer for a key that another request holds or held. */
export function answerOfClaim(claim: Claim, request: RequestContext, now: Date): StoredAnswer {
  switch (claim.kind) {
    case 'replay':
      return { status: claim.status, body: claim.body };
    case 'reused':
      return answerOfError(
        new ApiError(
          'idempotency_key_reused',
          'This Idempotency-Key was used before with a different body; nothing was applied.',
        ),
        request,
        now,
      );
    case 'in_progress':
      return answerOfError(
        new ApiError(
          'idempotency_key_in_progress',
          'An earlier request with this Idempotency-Key is still being processed; retry with the same key and body.',
          { retryAfter: claim.retryAfterSeconds },
        ),
        request,
        now,
      );
    default:
      return assertNever(claim);
  }
}

/** Sends body bytes exactly as stored, so a replay is byte for byte the first answer. */
export function sendStored(reply: FastifyReply, answer: StoredAnswer): FastifyReply {
  if (answer.retryAfter !== undefined) reply.header('retry-after', String(answer.retryAfter));
  return reply.code(answer.status).type('application/json; charset=utf-8').send(answer.body);
}
