import type { Position } from '../store.js';

/** Whole cents of an amount of the API (two decimals), so sums and differences stay exact. */
const cents = (amount: string) => Math.round(Number(amount) * 100);

/** Open positions, newest first (the API lists oldest first). */
export function openNewestFirst(positions: Iterable<Position>): Position[] {
  return [...positions].filter((p) => p.state === 'open').sort((a, b) => b.opened_at.localeCompare(a.opened_at));
}

/** Ended positions, the latest to end first. */
export function endedNewestFirst(positions: Iterable<Position>): Position[] {
  const endedAt = (p: Position) => p.settled_at ?? p.closed_at ?? p.opened_at;
  return [...positions].filter((p) => p.state !== 'open').sort((a, b) => endedAt(b).localeCompare(endedAt(a)));
}

/** Profit or loss of what a position pays (or would pay) against its stake: money, and a share of the stake. */
export interface Profit {
  amount: number;
  ratio: number;
}

export function profitOf(value: string, stake: string): Profit {
  const difference = cents(value) - cents(stake);
  const staked = cents(stake);
  return { amount: difference / 100, ratio: staked === 0 ? 0 : difference / staked };
}

/**
 * What an ended position came to, as the user reads it (UX: "Won 50.74", "Lost 30.00", "Refunded
 * 10.00", "Closed for 12.10" with its profit or loss).
 */
export type Result =
  | { kind: 'won'; payout: string; profit: Profit }
  | { kind: 'lost'; stake: string }
  | { kind: 'refunded'; payout: string }
  | { kind: 'closed'; payout: string; profit: Profit };

export function resultOf(position: Position): Result | null {
  const payout = position.payout ?? '0';
  switch (position.state) {
    case 'open':
      return null;
    case 'settled_win':
      return { kind: 'won', payout, profit: profitOf(payout, position.stake) };
    case 'settled_loss':
      return { kind: 'lost', stake: position.stake };
    case 'voided':
      return { kind: 'refunded', payout: position.payout ?? position.stake };
    case 'closed':
      return { kind: 'closed', payout, profit: profitOf(payout, position.stake) };
  }
}

/** The user's own record, for the profile: what ended positions came to, what is open, markets won. */
export interface UserRecord {
  /** Payouts less stakes of every ended position, in whole cents (a refund comes to 0). */
  pnlCents: number;
  open: number;
  /** Markets on which at least one of the user's positions won. */
  marketsWon: number;
  /** Markets the user held positions on and holds none on now (cashed out, or settled). */
  marketsEnded: number;
}

export function recordOf(positions: Iterable<Position>): UserRecord {
  let pnlCents = 0;
  let open = 0;
  const won = new Set<string>();
  const ended = new Set<string>();
  const held = new Set<string>();
  for (const p of positions) {
    if (p.state === 'open') {
      open += 1;
      held.add(p.market_slug);
      continue;
    }
    ended.add(p.market_slug);
    if (p.state === 'settled_win') won.add(p.market_slug);
    pnlCents += p.state === 'voided' ? 0 : cents(p.payout ?? '0') - cents(p.stake);
  }
  const over = (markets: Set<string>) => [...markets].filter((m) => !held.has(m)).length;
  return { pnlCents, open, marketsWon: over(won), marketsEnded: over(ended) };
}
