/**
 * Exact, house-favouring quotes on top of the float engine (docs/operator-api.md, "Positions", "Pricing"). Pure.
 *
 * Units: stakes, proceeds and payouts are cents (bigint); shares are bigint units of 1e-8 share
 * ({@link SHARE_SCALE}); prices are bigint micro-units ({@link PRICE_SCALE}); b and q are floats in
 * currency units as in lmsr.ts (one share pays 1.00, i.e. 100 cents).
 *
 * Rounding never favours the user: shares and proceeds come from the float engine rounded down after
 * shaving a bound on its relative error, so a float error can never round up to a share or a cent the
 * user did not pay for; prices and payouts are then derived from those integers exactly with bigint.
 */
import { LmsrRangeError, limitFillThreshold, prices, proceedsForShares, sharesForStake } from './lmsr.js';

/** Share units per share: shares are kept with 8 decimals. */
export const SHARE_SCALE = 10n ** 8n;
/** The most share units a position can hold: the bigint column they are stored in. */
export const MAX_SHARE_UNITS = 2n ** 63n - 1n;
/** Micro-units per 1.000000: prices are kept with 6 decimals. */
export const PRICE_SCALE = 10n ** 6n;

/** 10^12: stakeMinor·CENTS_TO_PRICE / shares is the price in micro-units (cents → units of 1/100, shares in 1e-8). */
const CENTS_TO_PRICE = (PRICE_SCALE * SHARE_SCALE) / 100n;
/** Share units that pay one cent when their outcome wins. */
const UNITS_PER_CENT = SHARE_SCALE / 100n;
/** Beyond this relative error bound (|q/b| in the millions) a float quote is refused as not representable. */
const MAX_RELATIVE_ERROR = 1e-8;

export type OpenQuote = { ok: true; shares: bigint; priceMicro: bigint; qAfter: number[] };
/**
 * stake_too_small: the stake buys less than 1e-8 share (a guard: since Δ ≥ s, one cent always buys at least
 * 0.01 share). stake_too_large: the stake moves the price so far
 * that price at open rounds up to 1.000000 (the position could not gain). not_representable: q/b is
 * beyond what float64 prices reliably, or the shares beyond what a position stores. The caller maps each to validation_failed.
 */
export type OpenFailure = { ok: false; code: 'stake_too_small' | 'stake_too_large' | 'not_representable' };
export type CloseQuote = { ok: true; proceedsMinor: bigint; closePriceMicro: bigint; qAfter: number[] };
/** proceeds_too_small: the shares are worth less than a cent, which would make close_price 0. */
export type CloseFailure = { ok: false; code: 'proceeds_too_small' | 'not_representable' };
export type LimitFill = { fills: true; quote: OpenQuote } | { fills: false; code: 'above_limit' | OpenFailure['code'] };

/**
 * A bound on the engine's relative error: its formulas are well conditioned except for the absolute
 * error ε·|q_j/b| of each exponent, which moves a price by that much relatively. Measured against a
 * 384-bit reference (quotes.test.ts) the error stays below ε·(1.5·max|q_j/b| + 2); this bound is 5× that.
 */
function relativeErrorBound(q: readonly number[], b: number): number {
  const spread = Math.max(...q.map((qj) => Math.abs(qj / b)));
  return Number.EPSILON * (8 * spread + 32);
}

/** floor(x·(1 − rel)·scale) as bigint: never above floor(x·scale) for the engine's true x; null if not finite. */
function floorShaved(x: number, rel: number, scale: number): bigint | null {
  const y = Math.floor(x * (1 - rel) * scale);
  return Number.isFinite(y) ? BigInt(Math.max(0, y)) : null;
}

/** Runs the engine, turning a non-representable result into null; a programming error still throws. */
function engine(run: () => number): number | null {
  try {
    return run();
  } catch (error) {
    if (error instanceof LmsrRangeError) return null;
    throw error;
  }
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

function withShares(q: readonly number[], i: number, units: bigint): number[] {
  const after = [...q];
  after[i] = after[i]! + Number(units) / Number(SHARE_SCALE);
  return after;
}

/**
 * Quotes opening a position of stakeMinor cents on outcome i. shares: the engine's Δ rounded DOWN to
 * 1e-8; priceMicro: stake / shares rounded UP to 1e-6, exactly (stakeMinor·10^12 / shares, ceiling);
 * qAfter: q with q_i increased by the rounded shares.
 * @example quoteOpen([0, 0], 100, 0, 1000n) // { ok: true, shares: 1909028289n, priceMicro: 523827n, … }
 */
export function quoteOpen(q: readonly number[], b: number, i: number, stakeMinor: bigint): OpenQuote | OpenFailure {
  if (stakeMinor <= 0n) throw new RangeError(`stake must be positive, got ${stakeMinor} cents`);
  const rel = relativeErrorBound(q, b);
  const delta = engine(() => sharesForStake(q, b, i, Number(stakeMinor) / 100));
  if (delta === null || !(rel <= MAX_RELATIVE_ERROR)) return { ok: false, code: 'not_representable' };
  const shares = floorShaved(delta, rel, Number(SHARE_SCALE));
  if (shares === null) return { ok: false, code: 'not_representable' };
  if (shares === 0n) return { ok: false, code: 'stake_too_small' };
  const priceMicro = ceilDiv(stakeMinor * CENTS_TO_PRICE, shares);
  if (priceMicro >= PRICE_SCALE) return { ok: false, code: 'stake_too_large' };
  // Shares are stored as a bigint of 1e-8 units: a huge stake at a tiny price could buy more.
  if (shares > MAX_SHARE_UNITS) return { ok: false, code: 'not_representable' };
  return { ok: true, shares, priceMicro, qAfter: withShares(q, i, shares) };
}

/**
 * Quotes closing (selling) shares (1e-8 units) of outcome i. proceedsMinor: the engine's R rounded DOWN
 * to cents and never as much as the shares would pay at price 1; closePriceMicro: proceeds / shares
 * rounded DOWN to 1e-6, exactly, but at least 0.000001 (it only informs; proceeds are the money);
 * qAfter: q with q_i decreased by the shares.
 * @example quoteClose([0, 0], 100, 0, 100_000_000n) // { ok: true, proceedsMinor: 49n, closePriceMicro: 490000n, … }
 */
export function quoteClose(q: readonly number[], b: number, i: number, shares: bigint): CloseQuote | CloseFailure {
  if (shares <= 0n) throw new RangeError(`shares must be positive, got ${shares} units`);
  const rel = relativeErrorBound(q, b);
  const proceeds = engine(() => proceedsForShares(q, b, i, Number(shares) / Number(SHARE_SCALE)));
  if (proceeds === null || !(rel <= MAX_RELATIVE_ERROR)) return { ok: false, code: 'not_representable' };
  const floored = floorShaved(proceeds, rel, 100);
  if (floored === null) return { ok: false, code: 'not_representable' };
  // Exactly R < shares·1.00, so proceeds stay below the shares' value at price 1 (the cap only guards float).
  const cap = ceilDiv(shares, UNITS_PER_CENT) - 1n;
  const proceedsMinor = floored < cap ? floored : cap;
  if (proceedsMinor <= 0n) return { ok: false, code: 'proceeds_too_small' };
  // A cent for millions of shares would floor to 0.000000; a shown price stays strictly above 0.
  const floorPrice = (proceedsMinor * CENTS_TO_PRICE) / shares;
  const closePriceMicro = floorPrice > 0n ? floorPrice : 1n;
  return { ok: true, proceedsMinor, closePriceMicro, qAfter: withShares(q, i, -shares) };
}

/**
 * The payout of a settled win: stake / price at open, rounded DOWN to cents (stakeMinor·10^6 / priceMicro).
 * It never exceeds the position's shares in cents, because priceMicro was rounded up.
 * @example settledWinPayout(1000n, 523827n) // 1909n (19.09)
 */
export function settledWinPayout(stakeMinor: bigint, priceMicro: bigint): bigint {
  if (stakeMinor < 0n) throw new RangeError(`stake must not be negative, got ${stakeMinor} cents`);
  if (priceMicro <= 0n) throw new RangeError(`price must be positive, got ${priceMicro} micro`);
  return (stakeMinor * PRICE_SCALE) / priceMicro;
}

/**
 * Prices to show, in micro-units: each p_i rounded to the nearest micro, clamped to [1, 999 999] so a
 * shown price is strictly between 0 and 1. They need not sum to exactly 1 000 000.
 * @example displayPrices([0, 0], 100) // [500000n, 500000n]
 */
export function displayPrices(q: readonly number[], b: number): bigint[] {
  return prices(q, b).map((p) => {
    const micro = BigInt(Math.round(p * 1e6));
    return micro < 1n ? 1n : micro >= PRICE_SCALE ? PRICE_SCALE - 1n : micro;
  });
}

/**
 * Formats micro-units with exactly six decimals.
 * @example formatPrice(523000n) // '0.523000'
 */
export function formatPrice(micro: bigint): string {
  if (micro < 0n) throw new RangeError(`price must not be negative, got ${micro} micro`);
  return `${micro / PRICE_SCALE}.${(micro % PRICE_SCALE).toString().padStart(6, '0')}`;
}

/** Price texts requests may carry: 0 or 1, optionally a point and one to six decimals. */
const PRICE_PATTERN = /^([01])(?:\.([0-9]{1,6}))?$/;

/**
 * Parses a request price (max_price, min_price, limit_price) into micro-units, or null when it is not a
 * price from 0 to 1 with at most six decimals. No sign, exponent, spaces or leading point.
 * @example parsePrice('0.5') // 500000n
 */
export function parsePrice(text: string): bigint | null {
  const match = PRICE_PATTERN.exec(text);
  if (!match) return null;
  const [, units, fraction = ''] = match;
  const micro = BigInt(units!) * PRICE_SCALE + BigInt(fraction.padEnd(6, '0'));
  return micro <= PRICE_SCALE ? micro : null;
}

/**
 * Whether a limit order (stakeMinor cents, limit in micro-units) fills now. Authoritative: it fills when
 * quoteOpen succeeds with priceMicro ≤ limitMicro, which is the check the open itself makes; the quote
 * is returned so the fill uses the same numbers.
 */
export function limitOrderFill(
  q: readonly number[],
  b: number,
  i: number,
  stakeMinor: bigint,
  limitMicro: bigint,
): LimitFill {
  const quote = quoteOpen(q, b, i, stakeMinor);
  if (!quote.ok) return { fills: false, code: quote.code };
  return quote.priceMicro <= limitMicro ? { fills: true, quote } : { fills: false, code: 'above_limit' };
}

/**
 * The float pre-check p_i ≤ limitFillThreshold(b, s, L) (the fill condition of docs/operator-api.md,
 * "Pricing"). It agrees with {@link limitOrderFill} except within rounding: the exact price rounds
 * shares down and the price up, so near the edge this may say true where the exact check refuses by a
 * micro or two. Not authoritative.
 */
export function limitOrderFillsByThreshold(
  q: readonly number[],
  b: number,
  i: number,
  stakeMinor: bigint,
  limitMicro: bigint,
): boolean {
  const limit = Math.min(1, Math.max(0, Number(limitMicro) / Number(PRICE_SCALE)));
  return prices(q, b)[i]! <= limitFillThreshold(b, Number(stakeMinor) / 100, limit);
}
