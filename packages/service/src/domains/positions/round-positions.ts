import type { RawBuilder } from 'kysely';
import type { TenantEnv } from '../context.js';
import {
  closePositionsSql,
  insertPositionsSql,
  type Closing,
  type NewPosition,
  type PositionRow,
} from './position-repo.js';
import { insertRejectionsSql, type RejectedAttempt } from './rejection-repo.js';
import type { TradingFigures } from './trading-figures-repo.js';

/**
 * The positions' slice of an engine round: the positions it closes (locked), each user's open stake per
 * market and each sandbox tenant environment's shares traded in the last 24 hours (read after the locks,
 * so they count every trade that committed before), as the round's trades move them; and the opens,
 * closes and refused attempts, written set-based at the end (docs/architecture.md, "The write path").
 */
export class RoundPositions {
  private readonly opened: (NewPosition & { scope: TenantEnv })[] = [];
  private readonly closings: Closing[] = [];
  private readonly rejections: (RejectedAttempt & { scope: TenantEnv })[] = [];

  constructor(
    private readonly rows: Map<string, PositionRow>,
    private readonly figures: TradingFigures,
  ) {}

  /** What the round's commands did to positions so far: opened, closed, refused attempts. */
  get changes(): {
    opened: readonly NewPosition[];
    closed: readonly Closing[];
    rejected: readonly RejectedAttempt[];
  } {
    return { opened: this.opened, closed: this.closings, rejected: this.rejections };
  }

  /** A position the round locked to close. */
  get(id: string): PositionRow | undefined {
    return this.rows.get(id);
  }

  /** The stake a user holds open on a market (what the per-user cap counts). */
  openStake(userId: string, marketId: string): bigint {
    return this.figures.openStakes.get(`${userId}/${marketId}`) ?? 0n;
  }

  /** The shares a sandbox tenant environment bought and sold on a market in the last 24 hours. */
  dayShares(tenantId: string, marketId: string): bigint {
    return this.figures.sandboxDay.get(`${tenantId}/${marketId}`) ?? 0n;
  }

  open(position: NewPosition & { scope: TenantEnv }): void {
    this.opened.push(position);
    this.addOpenStake(position.userId, position.marketId, position.stake);
  }

  /** Closes a position the round holds; returns it as it now is. */
  close(position: PositionRow, closing: Closing, closedAt: Date): PositionRow {
    this.closings.push(closing);
    this.addOpenStake(position.userId, position.marketId, -position.stake);
    const closed: PositionRow = {
      ...position,
      state: 'closed',
      payout: closing.payout,
      closePriceMicro: closing.closePriceMicro,
      settlementTransactionId: closing.transactionId,
      closedAt,
    };
    this.rows.set(position.id, closed);
    return closed;
  }

  /** A sandbox trade on a bounded shared market: its shares count toward its tenant environment's day. */
  traded(tenantId: string, marketId: string, shares: bigint): void {
    const key = `${tenantId}/${marketId}`;
    this.figures.sandboxDay.set(key, this.dayShares(tenantId, marketId) + (shares < 0n ? -shares : shares));
  }

  /** A refused open or close, listed in /v1/position-rejections. */
  reject(scope: TenantEnv, attempt: RejectedAttempt): void {
    this.rejections.push({ ...attempt, scope });
  }

  writes(now: Date): RawBuilder<unknown>[] {
    const parts: RawBuilder<unknown>[] = [];
    if (this.opened.length > 0) parts.push(insertPositionsSql(this.opened, now));
    if (this.closings.length > 0) parts.push(closePositionsSql(this.closings, now));
    if (this.rejections.length > 0) parts.push(insertRejectionsSql(this.rejections, now));
    return parts;
  }

  private addOpenStake(userId: string, marketId: string, delta: bigint): void {
    const key = `${userId}/${marketId}`;
    this.figures.openStakes.set(key, this.openStake(userId, marketId) + delta);
  }
}
