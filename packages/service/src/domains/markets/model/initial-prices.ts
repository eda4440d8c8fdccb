/**
 * The optional initial_prices of a new market (docs/platform-api.md, "Markets"), checked with exact decimal arithmetic
 * so that "sums to 1" means exactly 1.000000, never "1 within a float's error". Pure.
 */
import { parsePrice, PRICE_SCALE } from './quotes.js';

export type InitialPrices = { ok: true; micros: bigint[] } | { ok: false; message: string };

/**
 * Parses one price text per outcome. Each must be a price with at most six decimals strictly between 0
 * and 1, and together they must sum to exactly 1.
 * @example checkInitialPrices(['0.25', '0.75'], 2) // { ok: true, micros: [250000n, 750000n] }
 * @example checkInitialPrices(['0.333333', '0.333333', '0.333333'], 3) // { ok: false, … sum to 0.999999 … }
 */
export function checkInitialPrices(texts: readonly string[], outcomeCount: number): InitialPrices {
  if (texts.length !== outcomeCount) {
    return { ok: false, message: `must hold one price per outcome: ${outcomeCount} expected, ${texts.length} given` };
  }
  const micros: bigint[] = [];
  for (const [i, text] of texts.entries()) {
    const micro = parsePrice(text);
    if (micro === null || micro <= 0n || micro >= PRICE_SCALE) {
      return {
        ok: false,
        message: `price ${i} must be a decimal strictly between 0 and 1 with at most 6 decimals, got ${JSON.stringify(text)}`,
      };
    }
    micros.push(micro);
  }
  const total = micros.reduce((sum, m) => sum + m, 0n);
  if (total !== PRICE_SCALE) {
    return {
      ok: false,
      message: `must sum to exactly 1, they sum to ${total / PRICE_SCALE}.${(total % PRICE_SCALE).toString().padStart(6, '0')}`,
    };
  }
  return { ok: true, micros };
}

/** Micro-units as the fractions initialQ takes. */
export function microsToFractions(micros: readonly bigint[]): number[] {
  return micros.map((m) => Number(m) / Number(PRICE_SCALE));
}
