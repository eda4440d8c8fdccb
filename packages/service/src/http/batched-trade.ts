import type { Runtime, TenantCtx } from '../domains/context.js';
import { claimKeysInTransaction, fingerprint, type KeyedOperation } from '../domains/idempotency/index.js';
import type { PositionView } from '../domains/positions/index.js';
import { runTradeBatch, type TradeAsk, type TradeUnit } from '../domains/trading/index.js';
import { BatchQueue } from '../lib/batch-queue.js';
import { apiErrorOf, type RequestContext, type Rejection, type Result } from '../errors/index.js';
import { answerOfClaim, answerOfError, keyScopeOf, type StoredAnswer } from './keyed-write.js';

/**
 * Opens and closes go through their market's batch (issue 12) instead of keyed-write's reserve-first
 * path: a committed reservation per request would cost as much as the trade. Their keys are claimed and
 * answered inside the batch's transaction (idempotency/keys-in-transaction.ts), with the same answers:
 * a replay is byte for byte, a refused trade gives its key back and is recorded after the commit.
 */

/** Trades per batch at most: one transaction stays short however many requests wait. */
const MAX_BATCH = 100;

/** A trade as a route hands it over: the market it trades on, its key, the fields its key is bound to. */
export interface TradeRequest {
  slug: string;
  key: string;
  fields: Record<string, unknown>;
  ask: TradeAsk;
}

/** How a trade route answers and records: its key space, its success status and body, its refusals' record. */
export interface TradeWrite {
  operation: KeyedOperation;
  status: number;
  present(value: PositionView): string;
  recordRejection(
    ctx: TenantCtx,
    attempt: { ask: TradeAsk; fields: Record<string, unknown> },
    rejection: Rejection,
  ): Promise<void>;
}

interface Queued {
  unit: TradeUnit<StoredAnswer>;
  request: RequestContext;
}

interface Answered {
  answer: StoredAnswer;
  /** Set when the trade was refused and its key given back: the refusal is recorded after the commit. */
  givenBack: Rejection | null;
}

/** A trade's answer, or the failure of the transaction it ran in (a 500 for that request alone). */
type Outcome = Answered | { error: unknown };

export type TradeBatches = BatchQueue<Queued, Outcome>;

/**
 * This process's queues of trades per market. A batch whose transaction fails (a database error, an
 * answer its schema refuses) must not fail the trades that did nothing wrong: its trades run again one
 * by one, and only the one at fault fails.
 */
export function tradeBatches(runtime: Runtime): TradeBatches {
  const run = async (slug: string, items: readonly Queued[]): Promise<Answered[]> =>
    answersOf(
      items,
      await runTradeBatch(
        runtime,
        slug,
        items.map((item) => item.unit),
      ),
    );
  return new BatchQueue<Queued, Outcome>(async (slug, items) => {
    try {
      return await run(slug, items);
    } catch (error) {
      if (items.length === 1) return [{ error }];
      runtime.log.warn({ err: error, slug, trades: items.length }, 'a batch of trades failed; its trades run alone');
      const outcomes: Outcome[] = [];
      for (const item of items)
        outcomes.push(
          await run(slug, [item]).then(
            ([one]) => one!,
            (e: unknown) => ({ error: e }),
          ),
        );
      return outcomes;
    }
  }, MAX_BATCH);
}

/** Each unit's answer from the batch's outcomes. */
function answersOf(
  items: readonly Queued[],
  outcomes: Awaited<ReturnType<typeof runTradeBatch<StoredAnswer>>>,
): Answered[] {
  const answers: Answered[] = [];
  outcomes.forEach((outcome, i) => {
    const { request, unit } = items[i]!;
    const now = unit.ctx.now;
    if (outcome.kind === 'claimed') {
      answers.push({ answer: answerOfClaim(outcome.claim, request, now), givenBack: null });
    } else if (outcome.kind === 'ran') {
      answers.push({ answer: outcome.answer, givenBack: outcome.result.ok ? null : outcome.result.rejection });
    } else {
      // A key repeated within the batch: after a success that spent it, its replay (or reused, for another
      // body); after a refusal the key is free again, and the repeat was in flight beside it: retry.
      const first = outcomes[outcome.of]!;
      const spent = first.kind === 'ran' && first.result.ok;
      const same = items[outcome.of]!.unit.key.requestHash.equals(unit.key.requestHash);
      const claim = spent
        ? same
          ? null
          : { kind: 'reused' as const }
        : { kind: 'in_progress' as const, retryAfterSeconds: 1 };
      answers.push({
        answer: claim ? answerOfClaim(claim, request, now) : answers[outcome.of]!.answer,
        givenBack: null,
      });
    }
  });
  return answers;
}

/**
 * A trade refused before it reaches a market (a close of a position the asker cannot see). Its key still
 * decides first, as for any trade (a replay, reused, or in flight), and a refusal does not spend it.
 */
export async function refusedTradeAnswer(
  ctx: TenantCtx,
  request: RequestContext,
  operation: KeyedOperation,
  trade: { key: string; fields: Record<string, unknown> },
  rejection: Rejection,
): Promise<StoredAnswer> {
  const ref = { scope: keyScopeOf(ctx, operation), key: trade.key, requestHash: fingerprint(trade.fields) };
  const [claim] = await ctx.db.transaction().execute((tx) => claimKeysInTransaction(tx, [ref], ctx.now));
  if (claim === undefined || claim === 'free') return answerOfError(apiErrorOf(rejection), request, ctx.now);
  return answerOfClaim(claim, request, ctx.now);
}

/** A trade's answer: it joins its market's next batch, then a refusal that kept its key unspent is recorded. */
export async function batchedTradeAnswer(
  batches: TradeBatches,
  ctx: TenantCtx,
  request: RequestContext,
  write: TradeWrite,
  trade: TradeRequest,
): Promise<StoredAnswer> {
  const key = { scope: keyScopeOf(ctx, write.operation), key: trade.key, requestHash: fingerprint(trade.fields) };
  const conclude = (result: Result<PositionView>) =>
    result.ok
      ? { answer: { status: write.status, body: write.present(result.value) }, spend: true }
      : { answer: answerOfError(apiErrorOf(result.rejection), request, ctx.now), spend: false };
  const outcome = await batches.submit(trade.slug, { unit: { ctx, ask: trade.ask, key, conclude }, request });
  if ('error' in outcome) throw outcome.error;
  const { answer, givenBack } = outcome;
  if (givenBack) await write.recordRejection(ctx, { ask: trade.ask, fields: trade.fields }, givenBack);
  return answer;
}
