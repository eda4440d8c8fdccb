import { ok, rejected, type Result } from '../../errors/index.js';
import { assertNever } from '../../lib/assert-never.js';
import { newId } from '../../lib/ids.js';
import { formatAmount } from '../../lib/money.js';
import type { TenantEnv } from '../context.js';
import type { NewEvent } from '../events/index.js';
import type { OpeningsPaused } from '../kill-switches/index.js';
import { post, type ScopedEntry } from '../ledger/index.js';
import { availableTo, formatPrice, withSandboxShares, type MarketForTrade } from '../markets/index.js';
import type { OrderChange, OrderView } from '../orders/index.js';
import type { Closing, NewPosition, PositionRow, PositionView } from '../positions/index.js';
import type { SyncRecord } from '../sync/index.js';
import { closeRules } from '../trading/model/close-rules.js';
import { openRules, type OpenDecision } from '../trading/model/open-rules.js';
import { afterRefusedFill, decideOrder } from '../trading/model/order-rules.js';
import { tradeRejection } from '../trading/model/trade-rejection.js';
import { ENTRY_TYPE_BY_DIRECTION, syncRules } from '../sync/model/sync-rules.js';

/** How a position came to be opened or closed: by the operator's key, a user's session, or an order. */
export type Via = 'api_key' | 'session' | 'order';

/** A market as a round holds it: locked, with the tenants it is enabled for and its open orders, oldest first. */
export interface RoundMarket {
  market: MarketForTrade;
  tenantIds: ReadonlySet<string>;
  orders: OrderView[];
}

/** A user as a round holds it: locked, with the balance moving command by command. */
export interface RoundUser {
  id: string;
  scope: TenantEnv;
  externalUserId: string;
  status: 'active' | 'blocked';
  balance: bigint;
}

export const userKey = (scope: TenantEnv, externalUserId: string) =>
  `${scope.tenantId}/${scope.environment}/${externalUserId}`;

/** The key of a sandbox tenant environment's shares traded on a market (RoundBook's sandboxDay). */
export const sandboxDayKey = (tenantId: string, marketId: string) => `${tenantId}/${marketId}`;

/** Whether a trade in this scope moves the market's sandbox shares: a sandbox trade on a shared market. */
const movesSandbox = (scope: TenantEnv, market: MarketForTrade) =>
  scope.environment === 'sandbox' && market.ownerTenantId === null;

/** An open as the book takes it: by an operator or a session, or an order's fill (via 'order'). */
interface OpenAsk {
  scope: TenantEnv;
  externalUserId: string;
  marketSlug: string;
  outcomeId: string;
  stake: bigint;
  maxPriceMicro: bigint;
  via: Via;
}

/** A new order, written once with the status the round left it in (it may fill in the round it is placed). */
export interface PlacedOrder {
  order: OrderView;
  userId: string;
}

/**
 * One round's view of what it locked (markets, users, the positions it closes) and the writes its commands
 * add up to, made set-based at the end (writes.ts). Each command is judged by the pure rules against the
 * state the commands before it left, so each gets the answer it would have had alone in arrival order.
 * A refusal changes nothing.
 */
export class RoundBook {
  readonly entries: ScopedEntry[] = [];
  readonly opened: (NewPosition & { scope: TenantEnv })[] = [];
  readonly closings: Closing[] = [];
  readonly syncs: SyncRecord[] = [];
  readonly placed: PlacedOrder[] = [];
  readonly orderChanges: { id: string; change: OrderChange }[] = [];
  readonly events: NewEvent[] = [];
  readonly moved = new Set<string>();
  private readonly bySlug = new Map<string, RoundMarket>();

  constructor(
    readonly markets: ReadonlyMap<string, RoundMarket>,
    readonly users: ReadonlyMap<string, RoundUser>,
    private readonly openStakes: Map<string, bigint>,
    readonly positions: Map<string, PositionRow>,
    readonly now: Date,
    /** The positions kill switch and tenant pauses: their orders wait unfilled while on (decisions part 5). */
    private readonly openingPaused: OpeningsPaused,
    /**
     * Shares each sandbox tenant environment bought and sold on a bounded shared market in the last 24
     * hours (sandboxDayKey), read under the market's lock and moved by the round's own trades.
     */
    private readonly sandboxDay: Map<string, bigint>,
  ) {
    for (const m of markets.values()) this.bySlug.set(m.market.slug, m);
  }

  marketBySlug(slug: string): RoundMarket | undefined {
    return this.bySlug.get(slug);
  }

  user(scope: TenantEnv, externalUserId: string): RoundUser | undefined {
    return this.users.get(userKey(scope, externalUserId));
  }

  /** A movement of spec 4.1 under the ledger's rule: applied, refused and recorded, or refused unrecorded. */
  sync(
    scope: TenantEnv,
    key: string,
    movement: {
      externalUserId: string;
      direction: 'credit' | 'debit';
      amount: bigint;
      resultingBalance: bigint | null;
    },
  ): Result<{ transactionId: string; balance: bigint }> {
    const user = this.user(scope, movement.externalUserId);
    const decision = syncRules(user ?? null, movement);
    const record = { scope, id: newId(), key, ...movement, userId: user?.id ?? '' };
    switch (decision.outcome) {
      case 'refused':
        return { ok: false, rejection: decision.rejection };
      case 'overdrawn':
        this.syncs.push({ ...record, outcome: 'would_overdraw', transactionId: null, ledgerBalance: decision.balance });
        return { ok: false, rejection: decision.rejection };
      case 'applied': {
        const transactionId = newId();
        this.entries.push({
          scope,
          id: transactionId,
          userId: user!.id,
          entryType: ENTRY_TYPE_BY_DIRECTION[movement.direction],
          amount: decision.amount,
          balanceAfter: decision.balanceAfter,
          reversesTransactionId: null,
          positionId: null,
        });
        this.syncs.push({ ...record, outcome: 'applied', transactionId, ledgerBalance: decision.balanceAfter });
        user!.balance = decision.balanceAfter;
        return ok({ transactionId, balance: decision.balanceAfter });
      }
      default:
        return assertNever(decision);
    }
  }

  /** An open by an operator or a session, then the market's orders. */
  open(ask: OpenAsk & { via: 'api_key' | 'session' }): Result<PositionView> {
    const held = this.tradedBy(ask.scope, ask.marketSlug);
    if (!held.ok) return held;
    const result = this.openOn(held.value, { ...ask, orderId: null });
    if (result.ok) this.fillOrders(held.value);
    return result;
  }

  /** A close of a position the asker may see (checked before the round), then the market's orders. */
  close(ask: {
    scope: TenantEnv;
    positionId: string;
    minPriceMicro: bigint;
    via: 'api_key' | 'session';
  }): Result<PositionView> {
    const position = this.positions.get(ask.positionId);
    const held = position && this.markets.get(position.marketId);
    if (!position || !held) return rejected('not_found', `No position ${ask.positionId}.`);
    const user = this.user(ask.scope, position.externalUserId)!;
    const market = held.tenantIds.has(ask.scope.tenantId) ? held.market : null;
    const decision = closeRules({
      position,
      market,
      now: this.now,
      close: { userStatus: user.status, minPriceMicro: ask.minPriceMicro },
    });
    if (!decision.ok) return { ok: false, rejection: tradeRejection(decision.rejection) };
    const { quote } = decision;
    const posting = post(user.balance, quote.proceedsMinor);
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
      userId: user.id,
      entryType: 'position_close_credit',
      amount: quote.proceedsMinor,
      balanceAfter: posting.balanceAfter,
      reversesTransactionId: null,
      positionId: position.id,
    });
    const closing = { payout: quote.proceedsMinor, closePriceMicro: quote.closePriceMicro, transactionId };
    this.closings.push({ id: position.id, ...closing, via: ask.via });
    user.balance = posting.balanceAfter;
    this.addOpenStake(user.id, held.market.id, -position.stake);
    this.setQ(held, quote.qAfter);
    this.moveSandbox(held, ask.scope, position.outcomeId, -position.shares);
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
    this.fillOrders(held);
    const { seq: _seq, userId: _userId, marketId: _marketId, ...view } = closed;
    return ok(view);
  }

  /** A limit order placed (nothing debited), then evaluated with the market's others at once. */
  placeOrder(ask: {
    scope: TenantEnv;
    externalUserId: string;
    marketSlug: string;
    outcomeId: string;
    stake: bigint;
    limitPriceMicro: bigint;
    expiresAt: Date | null;
  }): Result<OrderView> {
    if (ask.expiresAt !== null && ask.expiresAt <= this.now) {
      return rejected('validation_failed', 'expires_at must be in the future.');
    }
    const traded = this.tradedBy(ask.scope, ask.marketSlug);
    if (!traded.ok) return traded;
    const held = traded.value;
    const user = this.user(ask.scope, ask.externalUserId);
    const placement = openRules({
      stage: 'placement',
      market: held.market,
      user: user ?? { externalUserId: ask.externalUserId, missing: true },
      outcomeId: ask.outcomeId,
      now: this.now,
    });
    if (!placement.ok) return { ok: false, rejection: tradeRejection(placement.rejection) };
    const order: OrderView = {
      id: newId(),
      seq: 0n,
      scope: ask.scope,
      marketId: held.market.id,
      externalUserId: ask.externalUserId,
      marketSlug: held.market.slug,
      outcomeId: ask.outcomeId,
      stake: ask.stake,
      limitPriceMicro: ask.limitPriceMicro,
      status: 'open',
      fillPriceMicro: null,
      positionId: null,
      rejectCode: null,
      expiresAt: ask.expiresAt,
      createdAt: this.now,
    };
    const placed = { order, userId: user!.id };
    this.placed.push(placed);
    held.orders.push(order);
    this.fillOrders(held);
    return ok(placed.order);
  }

  /** A cancel of an order found open: cancelled, or expired when past its expires_at; already ended: left alone. */
  cancelOrder(marketId: string, orderId: string): void {
    const held = this.markets.get(marketId);
    const order = held?.orders.find((o) => o.id === orderId && o.status === 'open');
    if (!order) return;
    const expired = order.expiresAt !== null && order.expiresAt <= this.now;
    this.finishOrder(order, expired ? { status: 'expired' } : { status: 'cancelled' }, null);
  }

  /**
   * The market's open orders, oldest first, each against the state the trades and fills before it left
   * (DESIGN part 4). A fill is an open with max_price = limit_price and sends order.filled. An order
   * whose user the round could not lock stays open for the next trade or the sweep.
   */
  fillOrders(held: RoundMarket): void {
    for (;;) {
      const order = held.orders.find((o) => o.status === 'open' && this.actionable(held, o));
      if (!order) return;
      const decision = decideOrder(order, held.market, this.now);
      switch (decision.action) {
        case 'wait':
          return;
        case 'expire':
          this.finishOrder(order, { status: 'expired' }, null);
          break;
        case 'reject':
          this.finishOrder(order, { status: 'rejected', rejectCode: decision.code }, null);
          break;
        case 'fill':
          this.fill(held, order);
          break;
        default:
          assertNever(decision);
      }
    }
  }

  /** Whether an open order does something now: under the kill switch only expiry; a fill needs its user locked. */
  private actionable(held: RoundMarket, order: OrderView): boolean {
    const action = decideOrder(order, held.market, this.now).action;
    if (action === 'wait') return false;
    if (action === 'fill' && (this.openingPaused.all || this.openingPaused.tenants.has(order.scope.tenantId))) {
      return false;
    }
    if (action === 'fill' && !this.user(order.scope, order.externalUserId)) return false;
    return !this.refusedAt.has(order.id) || this.refusedAt.get(order.id) !== held.market.q;
  }

  /** Orders whose fill was refused for a price that has not moved since (they wait for the next move). */
  private readonly refusedAt = new Map<string, readonly number[]>();

  private fill(held: RoundMarket, order: OrderView): void {
    if (!held.tenantIds.has(order.scope.tenantId)) {
      // The market was disabled for the order's tenant after placement: it can no longer trade there.
      return this.finishOrder(order, { status: 'rejected', rejectCode: 'validation_failed' }, null);
    }
    const terms = {
      scope: order.scope,
      externalUserId: order.externalUserId,
      outcomeId: order.outcomeId,
      stake: order.stake,
      maxPriceMicro: order.limitPriceMicro,
    };
    const decision = this.decideOpen(held, terms);
    if (!decision.ok) {
      if (afterRefusedFill(decision.rejection) === 'wait') {
        this.refusedAt.set(order.id, held.market.q);
        return;
      }
      return this.finishOrder(order, { status: 'rejected', rejectCode: decision.rejection.code }, null);
    }
    const opened = this.openOn(held, { ...terms, marketSlug: held.market.slug, via: 'order', orderId: order.id });
    if (!opened.ok) throw new Error(`a fill decided as open was refused: ${opened.rejection.code}`);
    const position = opened.value;
    const change = { status: 'filled' as const, fillPriceMicro: position.priceMicro, positionId: position.id };
    const data = {
      order_id: order.id,
      position_id: position.id,
      external_user_id: order.externalUserId,
      market_slug: held.market.slug,
      outcome_id: order.outcomeId,
      stake: formatAmount(order.stake),
      limit_price: formatPrice(order.limitPriceMicro),
      fill_price: formatPrice(position.priceMicro),
    };
    this.finishOrder(order, change, { scope: order.scope, type: 'order.filled', data });
  }

  private finishOrder(order: OrderView, change: OrderChange, event: NewEvent | null): void {
    Object.assign(order, change);
    // A new order is written once with its final status (writes.ts); only an existing one is updated.
    if (!this.placed.some((p) => p.order === order)) this.orderChanges.push({ id: order.id, change });
    if (event) this.events.push(event);
  }

  private decideOpen(
    held: RoundMarket,
    ask: { scope: TenantEnv; externalUserId: string; outcomeId: string; stake: bigint; maxPriceMicro: bigint },
  ): OpenDecision {
    const user = this.user(ask.scope, ask.externalUserId);
    const { market } = held;
    const bound = movesSandbox(ask.scope, market) ? market.sandboxBound : null;
    const dayShares = this.sandboxDay.get(sandboxDayKey(ask.scope.tenantId, market.id)) ?? 0n;
    return openRules({
      stage: 'open',
      market,
      user: user ?? { externalUserId: ask.externalUserId, missing: true },
      openStake: user ? (this.openStakes.get(`${user.id}/${market.id}`) ?? 0n) : 0n,
      outcomeId: ask.outcomeId,
      stake: ask.stake,
      maxPriceMicro: ask.maxPriceMicro,
      sandbox: bound && { bound, qSandbox: market.qSandbox, dayShares },
      now: this.now,
    });
  }

  /** A market the round holds that the tenant may trade on, by slug. */
  private tradedBy(scope: TenantEnv, slug: string): Result<RoundMarket> {
    const held = this.bySlug.get(slug);
    if (held && availableTo(held.market, held.tenantIds, scope)) return ok(held);
    return rejected('validation_failed', `No market "${slug}" is available to this tenant.`);
  }

  private openOn(held: RoundMarket, ask: OpenAsk & { orderId: string | null }): Result<PositionView> {
    const decision = this.decideOpen(held, ask);
    if (!decision.ok) return { ok: false, rejection: tradeRejection(decision.rejection) };
    const user = this.user(ask.scope, ask.externalUserId)!;
    const { quote } = decision;
    const positionId = newId();
    const transactionId = newId();
    this.entries.push({
      scope: ask.scope,
      id: transactionId,
      userId: user.id,
      entryType: 'position_open_debit',
      amount: -ask.stake,
      balanceAfter: decision.balanceAfter,
      reversesTransactionId: null,
      positionId,
    });
    this.opened.push({
      scope: ask.scope,
      id: positionId,
      userId: user.id,
      marketId: held.market.id,
      outcomeId: ask.outcomeId,
      stake: ask.stake,
      shares: quote.shares,
      priceMicro: quote.priceMicro,
      openTransactionId: transactionId,
      openedVia: ask.via,
      orderId: ask.orderId,
    });
    user.balance = decision.balanceAfter;
    this.addOpenStake(user.id, held.market.id, ask.stake);
    this.setQ(held, quote.qAfter);
    this.moveSandbox(held, ask.scope, ask.outcomeId, quote.shares);
    // A session's open tells the operator (position.opened); an order's fill sends order.filled instead.
    if (ask.via === 'session') {
      const data = {
        position_id: positionId,
        external_user_id: user.externalUserId,
        market_slug: held.market.slug,
        outcome_id: ask.outcomeId,
        stake: formatAmount(ask.stake),
        price: formatPrice(quote.priceMicro),
        open_transaction_id: transactionId,
      };
      this.events.push({ scope: ask.scope, type: 'position.opened', data });
    }
    return ok({
      id: positionId,
      externalUserId: user.externalUserId,
      marketSlug: held.market.slug,
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
    });
  }

  private addOpenStake(userId: string, marketId: string, delta: bigint): void {
    const key = `${userId}/${marketId}`;
    this.openStakes.set(key, (this.openStakes.get(key) ?? 0n) + delta);
  }

  private setQ(held: RoundMarket, q: number[]): void {
    held.market.q = q;
    this.moved.add(held.market.id);
  }

  /** A sandbox trade on a shared market: its shares held, and the day's shares of its tenant environment. */
  private moveSandbox(held: RoundMarket, scope: TenantEnv, outcomeId: string, shares: bigint): void {
    const { market } = held;
    if (!movesSandbox(scope, market)) return;
    const index = market.outcomes.findIndex((o) => o.id === outcomeId);
    market.qSandbox = withSandboxShares(market.qSandbox, index, shares);
    const key = sandboxDayKey(scope.tenantId, market.id);
    this.sandboxDay.set(key, (this.sandboxDay.get(key) ?? 0n) + (shares < 0n ? -shares : shares));
  }
}
