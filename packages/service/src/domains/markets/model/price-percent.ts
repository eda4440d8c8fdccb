import { PRICE_SCALE } from './quotes.js';

/** A tenth of a percent of a price, in micro-units. */
const TENTH_OF_A_PERCENT = PRICE_SCALE / 1_000n;

/**
 * A price in micro-units as a percentage with one decimal, the way a person reads a market's odds
 * (docs/operations.md, "The platform panel"), rounded half up in integers. A price that is neither 0
 * nor 1 never reads as either: it is "<0.1 %" or ">99.9 %" when it would round to them.
 * @example formatPercent(463452n) // '46.3 %' (with a no-break space)
 * @example formatPercent(30n) // '<0.1 %'
 */
export function formatPercent(micro: bigint): string {
  if (micro < 0n || micro > PRICE_SCALE) throw new RangeError(`a price is 0 to 1, got ${micro} micro`);
  const tenths = (micro + TENTH_OF_A_PERCENT / 2n) / TENTH_OF_A_PERCENT;
  if (tenths === 0n && micro > 0n) return '<0.1\u00a0%';
  if (tenths === 1_000n && micro < PRICE_SCALE) return '>99.9\u00a0%';
  return `${tenths / 10n}.${tenths % 10n}\u00a0%`;
}
