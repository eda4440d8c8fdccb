import type { RequestContext, Result } from '../../errors/index.js';
import type { StoredAnswer } from '../engine/index.js';
import { principalOf, runAfterCommit, type TenantCtx } from '../context.js';
import { claimAnswer, refusalAnswer } from './answers.js';
import { fingerprint } from './fingerprint.js';
import { checkKeysStored, claimKeysInTransaction, storeKeyAnswersSql } from './keys-in-transaction.js';
import type { KeyedRoute } from './keyed-route.js';

/** A keyed write outside the write engine, as its route declares it: its keyed route and the verb. */
export interface KeyedWork<I, O> extends KeyedRoute<O> {
  run(ctx: TenantCtx, input: I): Promise<Result<O>>;
}

/**
 * A keyed write the engine does not batch (a report request, a support ticket): its key claimed as a
 * round claims its keys, in the transaction of its work, with its answer stored there too. A refusal
 * rolls back and leaves the key unspent. Same table, same claim, same takeover rule as the engine.
 */
export async function keyedWork<I, O>(
  ctx: TenantCtx,
  request: RequestContext,
  work: KeyedWork<I, O>,
  unit: { key: string; fields: Record<string, unknown>; input: I },
): Promise<StoredAnswer> {
  const scope = { ...ctx.tenantEnv, principal: principalOf(ctx), operation: work.operation };
  const ref = { scope, key: unit.key, requestHash: fingerprint(unit.fields) };
  const tasks: Parameters<TenantCtx['afterCommit']>[0][] = [];
  let answer: StoredAnswer;
  try {
    answer = await ctx.db.transaction().execute(async (db) => {
      const [claim] = await claimKeysInTransaction(db, [ref], ctx.now);
      if (claim !== 'free') return claimAnswer(claim!, request, ctx.now);
      const result = await work.run({ ...ctx, db, afterCommit: (task) => tasks.push(task) }, unit.input);
      if (!result.ok) throw new NothingKept(refusalAnswer(result.rejection, request, ctx.now));
      // Presented inside the transaction: a value its response schema refuses rolls the work back (500).
      const done = { status: work.status, body: work.present(result.value) };
      const stored = await storeKeyAnswersSql([{ ...ref, ...done }], ctx.now).execute(db);
      checkKeysStored(1, stored.rows.length);
      return done;
    });
  } catch (error) {
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
