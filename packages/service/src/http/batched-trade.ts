import type { Runtime, TenantCtx } from '../domains/context.js';
import { fingerprint, type KeyedOperation } from '../domains/idempotency/index.js';
import type { PositionView } from '../domains/positions/index.js';
import { BatchQueue, runTradeBatch, type TradeAsk, type TradeUnit } from '../domains/trading/index.js';
import { apiErrorOf, type RequestContext, type Rejection, type Result } from '../errors/index.js';
import { answerOfClaim, answerOfError, keyScopeOf, type StoredAnswer } from './keyed-write.js';

/**
 * Opens and closes go through their market's batch (issue 12) instead of keyed-write's reserve-first
 * path: a committed reservation per request would cost as much as the trade. Their keys are claimed and
 * answered inside the batch's transaction (idempotency/keys-in-transaction.ts), with the same answers:
 * a replay is byte for byte, a refused trade gives its key back and is recorded after the commit.
 */

/** Trades per batch at most: one transaction stays short however many requests wait. */
const MAX_BATCH = 200;

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

export type TradeBatches = BatchQueue<Queued, Answered>;

/** This process's queues of trades per market. */
export function tradeBatches(runtime: Runtime): TradeBatches {
  return new BatchQueue(async (slug, items) => {
    const outcomes = await runTradeBatch(
      runtime,
      slug,
      items.map((item) => item.unit),
    );
    const answers: Answered[] = [];
    outcomes.forEach((outcome, i) => {
      const { request, unit } = items[i]!;
      const now = unit.ctx.now;
      if (outcome.kind === 'claimed')
        answers.push({ answer: answerOfClaim(outcome.claim, request, now), givenBack: null });
      else if (outcome.kind === 'ran') {
        answers.push({ answer: outcome.answer, givenBack: outcome.result.ok ? null : outcome.result.rejection });
      } else {
        // A key repeated within the batch answers like a retry of its first use.
        const first = items[outcome.of]!.unit.key;
        const same = first.requestHash.equals(unit.key.requestHash);
        const answer = same ? answers[outcome.of]!.answer : answerOfClaim({ kind: 'reused' }, request, now);
        answers.push({ answer, givenBack: null });
      }
    });
    return answers;
  }, MAX_BATCH);
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
  const { answer, givenBack } = await batches.submit(trade.slug, {
    unit: { ctx, ask: trade.ask, key, conclude },
    request,
  });
  if (givenBack) await write.recordRejection(ctx, { ask: trade.ask, fields: trade.fields }, givenBack);
  return answer;
}
