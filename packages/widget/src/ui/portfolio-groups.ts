import type { Position } from '../store.js';
import { profitOf, type Profit } from './portfolio-model.js';

/** Whole cents of an amount of the API (two decimals), so sums stay exact. */
const cents = (amount: string) => Math.round(Number(amount) * 100);
const money = (c: number) => (c / 100).toFixed(2);

/**
 * Totals of some open positions: what they hold and cost, and what closing them now pays (from their
 * close quotes). `value` and `profit` are null while any of them has no quote yet: a sum of the quoted
 * part would read as the whole.
 */
export interface Totals {
  shares: number;
  /** Stake per share over all of them (total stake / total shares), 0..1. */
  averagePrice: number;
  stake: string;
  value: string | null;
  profit: Profit | null;
}

/** The open positions on one outcome of one market, newest first, under one card. */
export interface PositionGroup {
  key: string;
  positions: Position[];
}

export function totalsOf(positions: readonly Position[], proceedsOf: (id: string) => string | null): Totals {
  let stake = 0;
  let shares = 0;
  let value: number | null = 0;
  for (const p of positions) {
    stake += cents(p.stake);
    shares += Number(p.shares);
    const proceeds = proceedsOf(p.id);
    value = value === null || proceeds === null ? null : value + cents(proceeds);
  }
  const total = money(stake);
  return {
    shares,
    averagePrice: shares === 0 ? 0 : stake / 100 / shares,
    stake: total,
    value: value === null || positions.length === 0 ? null : money(value),
    profit: value === null || positions.length === 0 ? null : profitOf(money(value), total),
  };
}

/**
 * Positions grouped by market and outcome, in the order of each group's first position (the input is
 * newest first, so the group bought into last comes first).
 */
export function groupByOutcome(positions: readonly Position[]): PositionGroup[] {
  const groups = new Map<string, PositionGroup>();
  for (const p of positions) {
    const key = `${p.market_slug}\u0000${p.outcome_id}`;
    const group = groups.get(key);
    if (group) group.positions.push(p);
    else groups.set(key, { key, positions: [p] });
  }
  return [...groups.values()];
}
