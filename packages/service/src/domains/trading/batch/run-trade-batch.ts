import { actingUser, type Runtime, type TenantCtx } from '../../context.js';
import type { Result } from '../../../errors/index.js';
import { claimKeysInTransaction, type KeyClaim, type KeyRef, type StoredKeyAnswer } from '../../idempotency/index.js';
import { openOrdersOfMarket } from '../../orders/index.js';
import { lockPositionsByIds, type PositionRow, type PositionView } from '../../positions/index.js';
import type { Executor } from '../../../db/connection.js';
import { lockMarketForBatch, type BatchMarket } from '../market-lock.js';
import type { CloseInput } from '../close-position.js';
import type { OpenInput } from '../open-position.js';
import { fillOrdersInBatch } from './fill-orders.js';
import { lockTraders, type Trader } from './lock-traders.js';
import { MarketBook } from './market-book.js';

/** A trade on the batch's market: an open (by slug), or a close of a position the asker may see. */
export type TradeAsk = { kind: 'open'; input: OpenInput } | { kind: 'close'; input: CloseInput; position: PositionRow };

/**
 * One request's trade as the batch takes it: who asks, what, under which key, and how its result becomes
 * the answer stored with the key (spend) or given back unspent, which the batch writes with the trade.
 */
export interface TradeUnit<A> {
  ctx: TenantCtx;
  ask: TradeAsk;
  key: KeyRef;
  conclude(result: Result<PositionView>): { answer: A; spend: boolean };
}

/** A unit's outcome: its key's claim when another request owns the answer, or its own result and answer. */
export type TradeOutcome<A> =
  { kind: 'claimed'; claim: Exclude<KeyClaim, 'free'> } | { kind: 'ran'; result: Result<PositionView>; answer: A };

/**
 * Runs trades of one market in one transaction (issue 12): the keys, then the market's row lock once,
 * the positions to close and the traders locked in that order (DESIGN part 2), every trade judged in arrival
 * order against the moving state, the market's limit orders evaluated against the price the trades left,
 * the writes set-based, then one commit. Returns one outcome per unit, in order. A key repeated within
 * the batch is run once; its repeats are answered by the caller like retries of its first use.
 */
export async function runTradeBatch<A extends { status: number; body: string }>(
  runtime: Runtime,
  slug: string,
  units: readonly TradeUnit<A>[],
): Promise<(TradeOutcome<A> | { kind: 'repeat'; of: number })[]> {
  const now = runtime.clock.now();
  const firstUse = new Map<string, number>();
  const repeats = units.map((unit, i) => {
    const name = keyName(unit.key);
    const first = firstUse.get(name);
    if (first === undefined) firstUse.set(name, i);
    return first;
  });
  return runtime.db.transaction().execute(async (tx) => {
    // Every unit's own claim, repeats included: a repeat of a stored key is answered by what is stored.
    // Claimed before the market's lock (advisory locks never wait), so that the market is held for as few
    // round trips as possible: the lock, the traders, the writes and the commit.
    const claims = await claimKeysInTransaction(
      tx,
      units.map((unit) => unit.key),
      now,
    );
    const locked = await lockMarketForBatch(tx, slug);
    const running = units.flatMap((unit, i) => (repeats[i] === undefined && claims[i] === 'free' ? [{ unit, i }] : []));

    const book = locked ? await openBook(tx, locked, running, now) : null;
    const results = new Map(running.map(({ unit, i }) => [i, book ? trade(book, unit) : noMarket(slug, unit)]));
    if (book?.priceMoved && locked?.hasOpenOrders) {
      await fillOrdersInBatch(tx, book, await openOrdersOfMarket(tx, { id: book.market.id }));
    }

    // Presented inside the transaction: an answer its response schema refuses rolls the batch back.
    const concluded = new Map(running.map(({ unit, i }) => [i, unit.conclude(results.get(i)!)]));
    const outcomes = units.map((_unit, i): TradeOutcome<A> | { kind: 'repeat'; of: number } => {
      const claim = claims[i]!;
      if (claim !== 'free') return { kind: 'claimed', claim };
      const of = repeats[i];
      if (of !== undefined) return { kind: 'repeat', of };
      return { kind: 'ran', result: results.get(i)!, answer: concluded.get(i)!.answer };
    });
    const spent: StoredKeyAnswer[] = running.flatMap(({ unit, i }) => {
      const { answer, spend } = concluded.get(i)!;
      return spend ? [{ ...unit.key, status: answer.status, body: answer.body }] : [];
    });
    // Without a market nothing succeeded, so no key is spent and nothing is written.
    if (book) await book.write(tx, spent);
    return outcomes;
  });
}

/** The positions to close and the traders, locked in that order after the market, with the market's state. */
async function openBook<A>(
  tx: Executor,
  locked: BatchMarket,
  running: readonly { unit: TradeUnit<A> }[],
  now: Date,
): Promise<MarketBook> {
  const closes = running.flatMap(({ unit }) => (unit.ask.kind === 'close' ? [unit.ask.position.id] : []));
  const positions = await lockPositionsByIds(tx, closes);
  const traders = await lockTraders(
    tx,
    locked.market.id,
    running.flatMap(({ unit }) => tradersOf(unit, positions)),
  );
  return new MarketBook(locked.market, locked.tenantIds, traders, positions, now);
}

function trade<A>(book: MarketBook, unit: TradeUnit<A>): Result<PositionView> {
  const { ctx, ask } = unit;
  const via = ctx.actor.kind === 'user' ? 'session' : 'api_key';
  const scope = ctx.tenantEnv;
  if (ask.kind === 'close') {
    return book.close({ scope, positionId: ask.position.id, minPriceMicro: ask.input.minPriceMicro, via });
  }
  const user = actingUser(ctx, ask.input.externalUserId);
  if (!user.ok) return user;
  const { outcomeId, stake, maxPriceMicro } = ask.input;
  return book.open({ scope, externalUserId: user.value, outcomeId, stake, maxPriceMicro, via, orderId: null });
}

/** The users a unit trades for: an open's acting user, or the owner of the position it closes. */
function tradersOf<A>(
  unit: TradeUnit<A>,
  positions: Map<string, PositionRow>,
): Pick<Trader, 'scope' | 'externalUserId'>[] {
  const scope = unit.ctx.tenantEnv;
  if (unit.ask.kind === 'close') {
    const position = positions.get(unit.ask.position.id);
    return position ? [{ scope, externalUserId: position.externalUserId }] : [];
  }
  const user = actingUser(unit.ctx, unit.ask.input.externalUserId);
  return user.ok ? [{ scope, externalUserId: user.value }] : [];
}

/** The slug names no market (an open's market_slug, or a market gone since the position was read). */
function noMarket<A>(slug: string, unit: TradeUnit<A>): Result<PositionView> {
  const user = unit.ask.kind === 'open' ? actingUser(unit.ctx, unit.ask.input.externalUserId) : null;
  if (user && !user.ok) return user;
  const message =
    unit.ask.kind === 'open'
      ? `No market "${slug}" is available to this tenant.`
      : 'The market is no longer available to this tenant.';
  return { ok: false, rejection: { code: 'validation_failed', message } };
}

const keyName = (ref: KeyRef) =>
  [ref.scope.tenantId, ref.scope.environment, ref.scope.principal, ref.scope.operation, ref.key].join('\u0000');
