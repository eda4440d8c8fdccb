import type { RawBuilder } from 'kysely';
import {
  finishOrdersSql,
  insertOrdersSql,
  type OrderChange,
  type OrderView,
  type PlacedOrderRow,
} from './order-repo.js';

/**
 * The orders' slice of an engine round: the open orders of the markets it locked, oldest first, as its
 * placements, fills, cancels and expiries change them; new orders are written once with the status the
 * round left them in, existing ones updated, set-based at the end (docs/architecture.md, "The write path").
 */
export class RoundOrders {
  private readonly byMarket = new Map<string, OrderView[]>();
  private readonly placed: PlacedOrderRow[] = [];
  private readonly ended: { id: string; change: OrderChange }[] = [];
  /** Orders whose fill was refused at a market state that has not moved since: they wait for the next move. */
  private readonly refusedAt = new Map<string, readonly number[]>();

  constructor(locked: readonly OrderView[]) {
    for (const order of locked) this.ofMarket(order.marketId).push(order);
  }

  /** The orders placed and the changes to existing ones so far. */
  get changes(): { placed: readonly OrderView[]; finished: readonly { id: string; change: OrderChange }[] } {
    return { placed: this.placed.map((p) => p.order), finished: this.ended };
  }

  /** The market's orders the round holds, oldest first (ended ones keep their place with their new status). */
  ofMarket(marketId: string): OrderView[] {
    let orders = this.byMarket.get(marketId);
    if (!orders) this.byMarket.set(marketId, (orders = []));
    return orders;
  }

  /** An open order the round holds. */
  open(marketId: string, orderId: string): OrderView | undefined {
    return this.byMarket.get(marketId)?.find((o) => o.id === orderId && o.status === 'open');
  }

  place(order: OrderView, userId: string): void {
    this.placed.push({ order, userId });
    this.ofMarket(order.marketId).push(order);
  }

  finish(order: OrderView, change: OrderChange): void {
    Object.assign(order, change);
    if (!this.placed.some((p) => p.order === order)) this.ended.push({ id: order.id, change });
  }

  /** The order's fill was refused at the market's state `q`: it waits until q moves. */
  waitForMove(order: OrderView, q: readonly number[]): void {
    this.refusedAt.set(order.id, q);
  }

  /** Whether the order waits for a move of q from the state its fill was refused at. */
  waitsAt(order: OrderView, q: readonly number[]): boolean {
    return this.refusedAt.get(order.id) === q;
  }

  writes(now: Date): RawBuilder<unknown>[] {
    const parts: RawBuilder<unknown>[] = [];
    if (this.placed.length > 0) parts.push(insertOrdersSql(this.placed, now));
    if (this.ended.length > 0) parts.push(finishOrdersSql(this.ended, now));
    return parts;
  }
}
