import type { FastifyReply } from 'fastify';
import type { TenantCtx } from '../domains/context.js';
import { runAfterCommit } from '../domains/context.js';
import {
  completeKeys,
  fingerprint,
  releaseKeys,
  reserveKeys,
  type Claim,
  type Completion,
  type KeyedOperation,
  type KeyScope,
} from '../domains/idempotency/index.js';
import { ApiError, apiErrorOf, envelopeOf, type RequestContext, type Rejection, type Result } from '../errors/index.js';
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
 * A keyed write as a route declares it: which operation's key space, the verb over the reserved units
 * (one result per unit, in order, in one transaction), how a value is presented, which rejections spend
 * their key (their envelope is stored and replayed), and how a rejection that gives its key back is
 * recorded once the transaction has rolled back.
 */
export interface KeyedWrite<I, O> {
  operation: KeyedOperation;
  run(ctx: TenantCtx, inputs: I[]): Promise<Result<O>[]>;
  present(value: O): string;
  status: number;
  spends?(rejection: Rejection): boolean;
  recordRejection?(
    ctx: TenantCtx,
    unit: { input: I; fields: Record<string, unknown> },
    rejection: Rejection,
  ): Promise<void>;
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

/** A keyed write of one unit (a position open, a single balance sync): its answer. */
export async function keyedAnswer<I, O>(
  deps: KeyedDeps,
  ctx: TenantCtx,
  request: RequestContext,
  write: KeyedWrite<I, O>,
  unit: KeyedUnit<I>,
): Promise<StoredAnswer> {
  return (await runUnits(deps, ctx, request, write, [unit], null))[0]!;
}

/** A keyed write of many units under a whole-request key (the balance-sync batch): the composed answer. */
export async function keyedBatchAnswer<I, O>(
  deps: KeyedDeps,
  ctx: TenantCtx,
  request: RequestContext,
  write: KeyedWrite<I, O>,
  units: readonly KeyedUnit<I>[],
  outer: OuterKey,
): Promise<StoredAnswer> {
  return (await runUnits(deps, ctx, request, write, units, outer))[0]!;
}

/**
 * The one idempotency path (DESIGN part 3). Reserves the keys and commits that, so a concurrent duplicate
 * sees them in progress; runs the verb on the reserved units in one transaction with the answers it
 * stores; gives back the keys of rejections that must not spend them. When nothing in the transaction is
 * kept (a refused open), it rolls back and the rejection is recorded outside it. A key repeated inside one
 * request answers like a retry of its first use. Returns the units' answers, or with an outer key the
 * request's composed answer alone.
 */
async function runUnits<I, O>(
  deps: KeyedDeps,
  ctx: TenantCtx,
  request: RequestContext,
  write: KeyedWrite<I, O>,
  units: readonly KeyedUnit<I>[],
  outer: OuterKey | null,
): Promise<StoredAnswer[]> {
  const holder = newId();
  const scope = keyScopeOf(ctx, write.operation);
  const outerScope: KeyScope | null = outer ? { ...scope, operation: outer.operation } : null;
  const reserve = (s: KeyScope, list: { key: string; requestHash: Buffer }[]) =>
    reserveKeys(ctx.db, s, list, holder, ctx.now, deps.idempotencyLockSeconds);
  const answerOf = (claim: Claim) => answerOfClaim(claim, request, ctx.now);

  if (outer && outerScope) {
    const requestHash = fingerprint(outer.fields);
    const claim = (await reserve(outerScope, [{ key: outer.key, requestHash }])).get(outer.key)!;
    if (claim !== 'reserved') return [answerOf(claim)];
  }
  const hashed = units.map((unit) => ({ ...unit, requestHash: fingerprint(unit.fields) }));
  const firstUse = new Map<string, (typeof hashed)[number]>();
  for (const unit of hashed) if (!firstUse.has(unit.key)) firstUse.set(unit.key, unit);
  const claims = await reserve(scope, [...firstUse.values()]);
  const reserved = [...firstUse.values()].filter((unit) => claims.get(unit.key) === 'reserved');

  const given = new Map<string, StoredAnswer>();
  const givenBack: { unit: KeyedUnit<I>; rejection: Rejection }[] = [];
  const answerAll = () =>
    hashed.map((unit) => {
      if (!firstUse.get(unit.key)!.requestHash.equals(unit.requestHash)) return answerOf({ kind: 'reused' });
      const claim = claims.get(unit.key)!;
      return claim === 'reserved' ? given.get(unit.key)! : answerOf(claim);
    });
  if (reserved.length === 0 && !outer) return answerAll();

  const tasks: Parameters<TenantCtx['afterCommit']>[0][] = [];
  let answers: StoredAnswer[];
  try {
    answers = await ctx.db.transaction().execute(async (db) => {
      const txCtx: TenantCtx = { ...ctx, db, afterCommit: (task) => tasks.push(task) };
      const results =
        reserved.length > 0
          ? await write.run(
              txCtx,
              reserved.map((u) => u.input),
            )
          : [];
      if (results.length !== reserved.length) throw new Error(`${write.operation}: one result per unit expected`);
      const kept: Completion[] = [];
      const released: string[] = [];
      reserved.forEach((unit, i) => {
        const result = results[i]!;
        // Presented inside the transaction: a value its response schema refuses rolls the work back (500).
        const answer = result.ok
          ? { status: write.status, body: write.present(result.value) }
          : answerOfError(apiErrorOf(result.rejection), request, ctx.now);
        given.set(unit.key, answer);
        if (result.ok || write.spends?.(result.rejection)) kept.push({ key: unit.key, ...answer });
        else {
          released.push(unit.key);
          givenBack.push({ unit, rejection: result.rejection });
        }
      });
      if (kept.length === 0 && !outer) throw new NothingKept();
      await completeKeys(db, scope, holder, kept);
      await releaseKeys(db, scope, holder, released);
      if (!outer || !outerScope) return answerAll();
      const { answer, store } = outer.compose(answerAll());
      if (store) await completeKeys(db, outerScope, holder, [{ key: outer.key, ...answer }]);
      else await releaseKeys(db, outerScope, holder, [outer.key]);
      return [answer];
    });
  } catch (error) {
    const outerKeys = outer && outerScope ? [releaseKeys(ctx.runtime.db, outerScope, holder, [outer.key])] : [];
    const keys = reserved.map((u) => u.key);
    await Promise.all([releaseKeys(ctx.runtime.db, scope, holder, keys), ...outerKeys]).catch(() => {});
    if (!(error instanceof NothingKept)) throw error;
    answers = answerAll();
  }
  await runAfterCommit(ctx.runtime, tasks);
  for (const { unit, rejection } of givenBack) await write.recordRejection?.(ctx, unit, rejection);
  return answers;
}

/** The transaction had nothing to keep: roll it back (a refused trade writes nothing). */
class NothingKept extends Error {}

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

/** A verb of one input as the run of a keyed write: its units one after another, in one transaction. */
export function oneByOne<I, O>(verb: (ctx: TenantCtx, input: I) => Promise<Result<O>>): KeyedWrite<I, O>['run'] {
  return async (ctx, inputs) => {
    const results: Result<O>[] = [];
    for (const input of inputs) results.push(await verb(ctx, input));
    return results;
  };
}
