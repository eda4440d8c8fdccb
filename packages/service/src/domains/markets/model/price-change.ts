/**
 * change_24h of the feed (docs/operator-api.md, "Market feed"): how far each outcome's price moved over the
 * last 24 hours. Prices are the micro-units the feed shows (quotes.ts displayPrices), so a change is exactly
 * the difference of two shown prices. Pure; time is passed in.
 */
import { PRICE_SCALE } from './quotes.js';

export const CHANGE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The instant the change is measured from: 24 hours before now. */
export function changeSince(now: Date): Date {
  return new Date(now.getTime() - CHANGE_WINDOW_MS);
}

/** The price points a market's change may be measured against, prices in outcome order. */
export interface ChangeReferences {
  /** The last point recorded at or before 24 hours ago (greatest ts, then seq), or null when none is that old. */
  atSince: readonly bigint[] | null;
  /** The market's first point: its prices at creation. */
  first: readonly bigint[] | null;
}

/**
 * The prices the change is taken against: those in force 24 hours ago, or, for a market younger than
 * that, its prices at open (its first point). Null when the market has no point at all.
 */
export function referencePrices(points: ChangeReferences): readonly bigint[] | null {
  return points.atSince ?? points.first;
}

/**
 * Each outcome's price now minus its reference price, in micro-units. Without a reference (no point
 * recorded) nothing moved: every change is 0.
 * @example priceChanges([550_000n, 450_000n], [500_000n, 500_000n]) // [50_000n, -50_000n]
 */
export function priceChanges(now: readonly bigint[], reference: readonly bigint[] | null): bigint[] {
  return now.map((price, i) => (reference?.[i] === undefined ? 0n : price - reference[i]!));
}

/**
 * A change in micro-units as a signed decimal with six decimals: a minus when negative, no plus.
 * @example formatChange(12_345n) // '0.012345'
 * @example formatChange(-30_000n) // '-0.030000'
 * @example formatChange(0n) // '0.000000'
 */
export function formatChange(micro: bigint): string {
  const abs = micro < 0n ? -micro : micro;
  return `${micro < 0n ? '-' : ''}${abs / PRICE_SCALE}.${(abs % PRICE_SCALE).toString().padStart(6, '0')}`;
}
