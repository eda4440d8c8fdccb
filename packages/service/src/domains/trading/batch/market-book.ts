import { ok, rejected, type Result } from '../../../errors/index.js';
import { newId } from '../../../lib/ids.js';
import { formatAmount } from '../../../lib/money.js';
import type { Executor } from '../../../db/connection.js';
import type { TenantEnv } from '../../context.js';
import type { NewEvent } from '../../events/index.js';
import type { StoredKeyAnswer } from '../../idempotency/index.js';
import { post, type ScopedEntry } from '../../ledger/index.js';
import { formatPrice, type MarketForTrade } from '../../markets/index.js';
import type { OrderChange } from '../../orders/index.js';
import type { Closing, NewPosition, PositionRow, PositionView } from '../../positions/index.js';
import { closeRules } from '../model/close-rules.js';
import { openRules, type OpenDecision } from '../model/open-rules.js';
import { tradeRejection } from '../model/trade-rejection.js';
import { traderKey, type Trader } from './lock-traders.js';
import { writeBatch } from './write-batch.js';

/** How a position came to be opened or closed: by the operator's key, a user's session, or an order. */
export type Via = 'api_key' | 'session' | 'order';

/**
 * One batch's view of a locked market: its state moving trade by trade, the users and positions the
 * batch locked, and the writes the trades add up to, made set-based at the end (write). Each trade is
 * judged by the same pure rules as a lone trade, against the state the trades before it left, so each
 * gets the price and the answer it would have had alone in arrival order. A refusal changes nothing.
 */
export class MarketBook {
  private readonly entries: ScopedEntry[] = [];
  private readonly opened: (NewPosition & { scope: TenantEnv })[] = [];
  private readonly closings: Closing[] = [];
  private readonly events: NewEvent[] = [];
  private readonly orderChanges: { id: string; change: OrderChange }[] = [];
  private moved = false;

  constructor(
    readonly market: MarketForTrade,
    private readonly tenantIds: ReadonlySet<string>,
    readonly traders: Map<string, Trader>,
    private readonly positions: Map<string, PositionRow>,
    readonly now: Date,
  ) {}

  isEnabledFor(tenantId: string): boolean {
    return this.tenantIds.has(tenantId);
  }

  trader(scope: TenantEnv, externalUserId: string): Trader | undefined {
    return this.traders.get(traderKey(scope, externalUserId));
  }

  /** What openRules says of an open (or a fill) now, without changing anything. */
  decideOpen(ask: {
    scope: TenantEnv;
    externalUserId: string;
    outcomeId: string;
    stake: bigint;
    maxPriceMicro: bigint;
  }): OpenDecision {
    const trader = this.trader(ask.scope, ask.externalUserId);
    return openRules({
      stage: 'open',
      market: this.market,
      user: trader ?? { externalUserId: ask.externalUserId, missing: true },
      openStake: trader?.openStake ?? 0n,
      outcomeId: ask.outcomeId,
      stake: ask.stake,
      maxPriceMicro: ask.maxPriceMicro,
      now: this.now,
    });
  }

  /** An open of an enabled market's tenant: judged, then applied to the state and the writes. */
  open(ask: {
    scope: TenantEnv;
    externalUserId: string;
    outcomeId: string;
    stake: bigint;
    maxPriceMicro: bigint;
    via: Via;
    orderId: string | null;
  }): Result<PositionView> {
    if (!this.isEnabledFor(ask.scope.tenantId)) {
      return rejected('validation_failed', `No market "${this.market.slug}" is available to this tenant.`);
    }
    const decision = this.decideOpen(ask);
    if (!decision.ok) return { ok: false, rejection: tradeRejection(decision.rejection) };
    const trader = this.trader(ask.scope, ask.externalUserId)!;
    const { quote } = decision;
    const positionId = newId();
    const transactionId = newId();
    this.entries.push({
      scope: ask.scope,
      id: transactionId,
      userId: trader.id,
      entryType: 'position_open_debit',
      amount: -ask.stake,
      balanceAfter: decision.balanceAfter,
      reversesTransactionId: null,
      positionId,
    });
    this.opened.push({
      scope: ask.scope,
      id: positionId,
      userId: trader.id,
      marketId: this.market.id,
      outcomeId: ask.outcomeId,
      stake: ask.stake,
      shares: quote.shares,
      priceMicro: quote.priceMicro,
      openTransactionId: transactionId,
      openedVia: ask.via,
      orderId: ask.orderId,
    });
    trader.balance = decision.balanceAfter;
    trader.openStake += ask.stake;
    this.setQ(quote.qAfter);
    const position: PositionView = {
      id: positionId,
      externalUserId: trader.externalUserId,
      marketSlug: this.market.slug,
      outcomeId: ask.outcomeId,
      state: 'open',
      stake: ask.stake,
      shares: quote.shares,
      priceMicro: quote.priceMicro,
      payout: null,
      closePriceMicro: null,
      openTransactionId: transactionId,
      settlementTransactionId: null,
      openedAt: this.now,
      closedAt: null,
      settledAt: null,
    };
    // A session's open tells the operator (position.opened); an order's fill sends order.filled instead.
    if (ask.via === 'session') {
      const data = {
        position_id: positionId,
        external_user_id: trader.externalUserId,
        market_slug: this.market.slug,
        outcome_id: ask.outcomeId,
        stake: formatAmount(ask.stake),
        price: formatPrice(quote.priceMicro),
        open_transaction_id: transactionId,
      };
      this.events.push({ scope: ask.scope, type: 'position.opened', data });
    }
    return ok(position);
  }

  /** A close of a position the asker may see (checked before the batch), locked by the batch. */
  close(ask: {
    scope: TenantEnv;
    positionId: string;
    minPriceMicro: bigint;
    via: 'api_key' | 'session';
  }): Result<PositionView> {
    const position = this.positions.get(ask.positionId);
    if (!position || position.marketId !== this.market.id)
      return rejected('not_found', `No position ${ask.positionId}.`);
    const trader = this.trader(ask.scope, position.externalUserId)!;
    const market = this.isEnabledFor(ask.scope.tenantId) ? this.market : null;
    const close = { userStatus: trader.status, minPriceMicro: ask.minPriceMicro };
    const decision = closeRules({ position, market, now: this.now, close });
    if (!decision.ok) return { ok: false, rejection: tradeRejection(decision.rejection) };
    const { quote } = decision;
    const posting = post(trader.balance, quote.proceedsMinor);
    if (!posting.ok) {
      return rejected(
        'validation_failed',
        'The proceeds would take the balance past the largest balance the ledger holds.',
      );
    }
    const transactionId = newId();
    this.entries.push({
      scope: ask.scope,
      id: transactionId,
      userId: trader.id,
      entryType: 'position_close_credit',
      amount: quote.proceedsMinor,
      balanceAfter: posting.balanceAfter,
      reversesTransactionId: null,
      positionId: position.id,
    });
    const closing = { payout: quote.proceedsMinor, closePriceMicro: quote.closePriceMicro, transactionId };
    this.closings.push({ id: position.id, ...closing, via: ask.via });
    trader.balance = posting.balanceAfter;
    trader.openStake -= position.stake;
    this.setQ(quote.qAfter);
    const closed: PositionRow = {
      ...position,
      state: 'closed',
      payout: closing.payout,
      closePriceMicro: closing.closePriceMicro,
      settlementTransactionId: transactionId,
      closedAt: this.now,
    };
    this.positions.set(position.id, closed);
    if (ask.via === 'session') {
      const data = {
        position_id: position.id,
        external_user_id: position.externalUserId,
        market_slug: position.marketSlug,
        outcome_id: position.outcomeId,
        payout: formatAmount(quote.proceedsMinor),
        close_price: formatPrice(quote.closePriceMicro),
        settlement_transaction_id: transactionId,
      };
      this.events.push({ scope: ask.scope, type: 'position.closed', data });
    }
    const { seq: _seq, userId: _userId, marketId: _marketId, ...view } = closed;
    return ok(view);
  }

  /** An order's final status, written with the rest; a filled order's event comes with it. */
  finishOrder(id: string, change: OrderChange, event: NewEvent | null): void {
    this.orderChanges.push({ id, change });
    if (event) this.events.push(event);
  }

  /** The final status the batch gave an order, if any. */
  orderChange(id: string): OrderChange | null {
    return this.orderChanges.find((c) => c.id === id)?.change ?? null;
  }

  /** How many orders the batch brought to a final status. */
  get finishedOrders(): number {
    return this.orderChanges.length;
  }

  /** Whether any trade of the batch moved the price (then the market's orders are worth a look). */
  get priceMoved(): boolean {
    return this.moved;
  }

  /** The batch's writes in one statement, with the answers of the keys it spends. */
  async write(tx: Executor, keys: readonly StoredKeyAnswer[] = []): Promise<void> {
    const { market } = this;
    const state = this.moved ? { id: market.id, q: market.q, b: market.b } : null;
    const writes = { entries: this.entries, opened: this.opened, closings: this.closings, market: state };
    await writeBatch(tx, { ...writes, orderChanges: this.orderChanges, events: this.events, keys }, this.now);
  }

  private setQ(q: number[]): void {
    this.market.q = q;
    this.moved = true;
  }
}
